import Foundation
import MQTT
import POSIXSupport
import TestSupport
import Testing

/// DUP and the resent count, seen from a broker that accepts CONNECT and never acknowledges:
/// what goes on the wire again, and how.
@Suite("Resending QoS 1 messages")
struct ResendTests {
    @Test("a message resent after a reconnect has DUP set and is counted; the first send had DUP clear")
    func resendAfterReconnectSetsDUP() async throws {
        let server = try FakeBroker(.neverAcknowledging)
        defer { server.stop() }
        let publisher = try StoreAndForwardPublisher(.init(
            broker: BrokerAddress(host: "127.0.0.1", port: server.port), request: { ConnectRequest(clientID: "t") },
            backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(100))))
        publisher.start()
        publisher.publish(MQTTMessage(topic: "fleet/car", payload: [1]))
        await eventually("the first PUBLISH") { server.packets.first.map(Self.publishes) == [false] }
        server.dropConnections()
        await eventually("the PUBLISH on the second connection") { server.packets.count == 2 && Self.publishes(server.packets[1]) == [true] }
        let statistics = await publisher.finish(within: .milliseconds(200))
        #expect(statistics.resent == 1)
        #expect(statistics.delivered == 0)
        #expect(statistics.waiting == 1)
    }

    @Test("a stop that times out with messages in flight still sends DISCONNECT, so the broker drops the will")
    func timedOutStopDisconnects() async throws {
        let server = try FakeBroker(.neverAcknowledging)
        defer { server.stop() }
        let will = MQTTMessage(topic: "fleet/car", payload: Array(#"{"_type":"lwt"}"#.utf8))
        let publisher = try StoreAndForwardPublisher(.init(
            broker: BrokerAddress(host: "127.0.0.1", port: server.port), request: { ConnectRequest(clientID: "t", will: will) }))
        publisher.start()
        for index in 0..<3 { publisher.publish(MQTTMessage(topic: "fleet/car", payload: [UInt8(index)])) }
        await eventually("three PUBLISHes") { server.packets.first.map(Self.publishes)?.count == 3 }
        let statistics = await publisher.finish(within: .milliseconds(200))
        #expect(statistics.waiting == 3, "none acknowledged")
        await eventually("DISCONNECT") { server.packets.first?.last == .disconnect }
    }

    @Test("a spooled message an earlier run never sent goes with DUP clear, counted as restored, not resent; one it sent goes with DUP set")
    func spoolRemembersWhatWasSent() async throws {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let server = try FakeBroker(.neverAcknowledging)
        defer { server.stop() }
        func publisher(port: UInt16) throws -> StoreAndForwardPublisher {
            try StoreAndForwardPublisher(.init(
                broker: BrokerAddress(host: "127.0.0.1", port: port), request: { ConnectRequest(clientID: "t") },
                spool: PublisherSpool(directory: spool, topic: "fleet/car"),
                backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(100))))
        }
        let away = try publisher(port: 1)
        away.start()
        away.publish(MQTTMessage(topic: "fleet/car", payload: [7]))
        #expect(await away.finish(within: .milliseconds(200)).waiting == 1)

        let first = try publisher(port: server.port)
        first.start()
        await eventually("the spooled message's first send") { server.packets.first.map(Self.publishes) == [false] }
        let firstStatistics = await first.finish(within: .milliseconds(200))
        #expect(firstStatistics.restored == 1)
        #expect(firstStatistics.resent == 0)

        let second = try publisher(port: server.port)
        second.start()
        await eventually("its resend") { server.packets.count == 2 && Self.publishes(server.packets[1]) == [true] }
        let secondStatistics = await second.finish(within: .milliseconds(200))
        #expect(secondStatistics.restored == 1)
        #expect(secondStatistics.resent == 1)
    }

    /// The DUP flag of each PUBLISH among `packets`.
    private static func publishes(_ packets: [MQTTPacket]) -> [Bool] {
        packets.compactMap { if case .publish(_, _, let duplicate) = $0 { duplicate } else { nil } }
    }
}
