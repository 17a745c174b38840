import MQTT
import TestSupport
import Testing

/// What a connection holds of the PUBLISHes a broker sends between a SUBSCRIBE and its SUBACK.
@Suite("A flood before the SUBACK")
struct SubscriptionFloodTests {
    @Test(
        "PUBLISHes before the SUBACK are held up to 64 and 1 MiB, the first in order; the rest are dropped, counted and acknowledged; the SUBACK still completes the subscription",
        arguments: [(publishes: 500, payloadBytes: 16 * 1024, held: 63), (publishes: 200, payloadBytes: 10, held: 64)])
    func floodBeforeSubscribeAcknowledgement(publishes: Int, payloadBytes: Int, held expected: Int) async throws {
        let server = try FakeBroker(.floodBeforeSubscribeAcknowledgement(publishes: publishes, payloadBytes: payloadBytes, topic: "fleet/car"))
        defer { server.stop() }
        let address = BrokerAddress(host: "127.0.0.1", port: server.port)
        let connection = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "t"))
        try await connection.subscribe([TopicSubscription(filter: "fleet/#", qos: .atLeastOnce)])
        var held: [UInt16] = []
        var heldBytes = 0
        while case .packet(.publish(let message, let id?, _)) = try await connection.receive(until: .now + .milliseconds(300)) {
            held.append(id)
            heldBytes += message.topic.utf8.count + message.payload.count
        }
        // 1 MiB holds 63 of 16 KiB and a topic; 64 is the bound on count.
        #expect(held == Array(1...UInt16(expected)))
        #expect(heldBytes <= MQTTConnection.maximumBytesHeldBeforeSubscription)
        #expect(connection.droppedBeforeSubscription == publishes - expected)
        // Each dropped QoS 1 PUBLISH is acknowledged, or the broker's in-flight window would fill.
        let dropped = (expected + 1...publishes).map { MQTTPacket.publishAcknowledgement(packetID: UInt16($0)) }
        await eventually("every dropped PUBLISH is acknowledged") {
            Self.acknowledgements(server) == dropped
        }
    }

    /// The PUBACKs the client sent on the broker's first connection.
    private static func acknowledgements(_ server: FakeBroker) -> [MQTTPacket] {
        (server.packets.first ?? []).filter { if case .publishAcknowledgement = $0 { true } else { false } }
    }
}
