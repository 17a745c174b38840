import MQTT
import POSIXSupport
import TestSupport
import Testing

@Suite("MQTT connection faults")
struct BrokerFaultTests {
    @Test("a server that closes the connection right after CONNECT is closedDuringHandshake, with what to look at")
    func closesAfterConnect() async throws {
        let server = try FakeBroker(.closeAfterConnect)
        defer { server.stop() }
        let address = BrokerAddress(host: "127.0.0.1", port: server.port)
        await #expect(throws: MQTTError.closedDuringHandshake(address)) {
            _ = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "t"), timeout: .seconds(5))
        }
        #expect(MQTTError.closedDuringHandshake(address).description.contains("see its log"))
    }

    @Test("a server that never answers CONNECT is noAnswer after the timeout")
    func neverAnswers() async throws {
        let server = try FakeBroker(.silent)
        defer { server.stop() }
        let address = BrokerAddress(host: "127.0.0.1", port: server.port)
        let start = ContinuousClock.now
        await #expect(throws: MQTTError.noAnswer(address, afterSeconds: 1)) {
            _ = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "t"), timeout: .seconds(1))
        }
        // Not before the timeout; how long after it depends on the machine's load, not on the client.
        #expect(ContinuousClock.now - start >= .seconds(1))
    }

    @Test("a publisher facing a server that never answers says so once and keeps trying, queueing meanwhile")
    func publisherRetriesSilentServer() async throws {
        let server = try FakeBroker(.silent)
        defer { server.stop() }
        let address = BrokerAddress(host: "127.0.0.1", port: server.port)
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: address, request: { ConnectRequest(clientID: "t") }, connectTimeout: .milliseconds(300),
                  backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(100))),
            report: { events.append($0) })
        publisher.start()
        for index in 0..<3 { publisher.publish(MQTTMessage(topic: "t", payload: [UInt8(index)])) }
        await eventually("three attempts") { server.connectionCount >= 3 }
        let statistics = await publisher.finish(within: .milliseconds(100))
        #expect(server.connectionCount >= 3)
        #expect(events.events.first { if case .outage = $0 { true } else { false } } == .outage(.noAnswer(address, afterSeconds: 0.3)))
        #expect(events.events.count { if case .outage = $0 { true } else { false } } == 1, "\(events.events)")
        #expect(statistics.waiting == 3)
        #expect(statistics.delivered == 0)
    }

    @Test("nothing listening is connectionRefused, whose remedy says to start the broker")
    func refused() async throws {
        let address = BrokerAddress(host: "127.0.0.1", port: 1)
        await #expect(throws: MQTTError.connectionRefused(address)) {
            _ = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "t"))
        }
        #expect(MQTTError.connectionRefused(address).description.contains("start it"))
    }
}
