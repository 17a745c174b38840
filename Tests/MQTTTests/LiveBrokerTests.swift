import Foundation
import MQTT
import POSIXSupport
import Testing
import TestSupport

/// The client against a real mosquitto of the test's own (skipped when it is not installed).
@Suite("MQTT against mosquitto", .enabled(if: Mosquitto.isInstalled, Comment(rawValue: Mosquitto.missingMessage)))
struct LiveBrokerTests {
    @Test("a QoS 1 message reaches a subscriber of a wildcard filter, and the publisher gets its PUBACK")
    func publishAndSubscribe() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        defer { Task { await broker.stop() } }
        let address = BrokerAddress(host: "127.0.0.1", port: broker.port)
        let reader = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "reader"))
        try await reader.subscribe([TopicSubscription(filter: "fleet/+/position")])
        let writer = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "writer"))
        let message = MQTTMessage(topic: "fleet/car1/position", payload: Array("{}".utf8))
        let id = writer.makePacketID()
        try await writer.send(.publish(message, packetID: id, duplicate: false))
        #expect(try await writer.receive(until: .now + .seconds(5)) == .packet(.publishAcknowledgement(packetID: id)))
        guard case .packet(.publish(let received, _, _)) = try await reader.receive(until: .now + .seconds(5)) else {
            Issue.record("no message")
            return
        }
        #expect(received.topic == message.topic)
        #expect(received.payload == message.payload)
        await broker.stop()
    }

    @Test("a persistent session keeps a QoS 1 message for a reader away, and QoS 0 messages go straight through")
    func persistentSession() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let address = BrokerAddress(host: "127.0.0.1", port: broker.port)
        let persistent = ConnectRequest(clientID: "keeper", cleanSession: false)
        var reader = try await MQTTConnection.open(to: address, request: persistent)
        try await reader.subscribe([TopicSubscription(filter: "fleet/#")])
        try await reader.send(.disconnect)
        let writer = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "writer"))
        let id = writer.makePacketID()
        try await writer.send(.publish(MQTTMessage(topic: "fleet/car", payload: [1]), packetID: id, duplicate: false))
        #expect(try await writer.receive(until: .now + .seconds(5)) == .packet(.publishAcknowledgement(packetID: id)))
        reader = try await MQTTConnection.open(to: address, request: persistent)
        #expect(reader.sessionPresent)
        guard case .packet(.publish(let kept, let keptID, _)) = try await reader.receive(until: .now + .seconds(5)) else {
            Issue.record("the session's message did not come")
            return
        }
        #expect(kept.payload == [1] && kept.qos == .atLeastOnce)
        try await reader.send(.publishAcknowledgement(packetID: keptID ?? 0))
        try await writer.send(.publish(MQTTMessage(topic: "fleet/car", payload: [0], qos: .atMostOnce), packetID: nil, duplicate: false))
        guard case .packet(.publish(let direct, nil, false)) = try await reader.receive(until: .now + .seconds(5)) else {
            Issue.record("the QoS 0 message did not come")
            return
        }
        #expect(direct.payload == [0] && direct.qos == .atMostOnce)
        await broker.stop()
    }

    @Test("an idle connection pings within its keep-alive, so the broker keeps it past 1.5 times the interval")
    func keepAlive() async throws {
        // Its own thread: the ping's deadline is the client's, not the whole suite's pool.
        try await onThreadOfItsOwn(named: "keep-alive") {
            let broker = try Mosquitto()
            try await broker.start()
            let address = BrokerAddress(host: "127.0.0.1", port: broker.port)
            // 4 s, idle for 7: mosquitto drops a client silent for 6 s. A shorter interval would leave
            // a loaded machine's whole-suite run too little room between the ping and the deadline.
            let connection = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "idle", keepAliveSeconds: 4))
            #expect(try await connection.receive(until: .now + .seconds(7)) == .timedOut)
            let id = connection.makePacketID()
            try await connection.send(.publish(MQTTMessage(topic: "t", payload: [1]), packetID: id, duplicate: false))
            #expect(try await connection.receive(until: .now + .seconds(5)) == .packet(.publishAcknowledgement(packetID: id)))
            await broker.stop()
        }
    }

    @Test("a wrong password is refused (mosquitto 2 answers CONNACK 5), a typed error whose remedy names mosquitto_passwd")
    func badCredentials() async throws {
        let broker = try Mosquitto(users: ["alice": "right"])
        try await broker.start()
        let address = BrokerAddress(host: "127.0.0.1", port: broker.port)
        await #expect(throws: MQTTError.refused(address, .notAuthorized)) {
            _ = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "c", username: "alice", password: "wrong"))
        }
        for code in [ConnectReturnCode.badUsernameOrPassword, .notAuthorized] {
            let remedy = MQTTError.refused(address, code).description
            #expect(remedy.contains("mosquitto_passwd") && remedy.contains("mqtt://USER:PASS@HOST"))
            #expect(!MQTTError.refused(address, code).isTransient)
        }
        _ = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "c", username: "alice", password: "right"))
        await broker.stop()
    }

    @Test("no credentials where the broker wants them is refused as not authorised (CONNACK 5)")
    func anonymousRefused() async throws {
        let broker = try Mosquitto(users: ["alice": "right"])
        try await broker.start()
        let address = BrokerAddress(host: "127.0.0.1", port: broker.port)
        await #expect(throws: MQTTError.refused(address, .notAuthorized)) {
            _ = try await MQTTConnection.open(to: address, request: ConnectRequest(clientID: "c"))
        }
        await broker.stop()
    }

    @Test("a broker stopped for seconds mid-stream and restarted: every message arrives, in order")
    func outageLosesNothing() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let subscriber = try await broker.subscribed("fleet/#", probing: "fleet/probe", clientID: "outage-reader")
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: BrokerAddress(host: "127.0.0.1", port: broker.port), request: { ConnectRequest(clientID: "writer") },
                  backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(400))),
            report: { events.append($0) })
        publisher.start()
        // A stream over time, as a receiver's: the sleeps pace it, before and during the outage.
        for index in 0..<50 {
            publisher.publish(MQTTMessage(topic: "fleet/car", payload: Array("m\(index)".utf8)))
            try await Task.sleep(for: .milliseconds(10))
        }
        await broker.stop()
        for index in 50..<100 {
            publisher.publish(MQTTMessage(topic: "fleet/car", payload: Array("m\(index)".utf8)))
            try await Task.sleep(for: .milliseconds(30))
        }
        try await broker.start()
        let statistics = await publisher.finish(within: .seconds(20))
        // One PUBACK per message, however often it was sent: a resend's old id died with its connection.
        #expect(statistics.delivered == 100)
        #expect(statistics.connections >= 2)
        // Only what was in flight when the connection broke is sent again.
        #expect(statistics.resent <= publisher.configuration.maximumInFlight * (statistics.connections - 1))
        #expect(statistics.waiting == 0)
        #expect(statistics.dropped == 0)
        let expected = (0..<100).map { "fleet/car m\($0)" }
        #expect(await subscriber.waitForOutput(until: { text in expected.allSatisfy { text.contains($0 + "\n") } }, timeout: .seconds(20)))
        let lines = subscriber.output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("fleet/probe ") }
        let firstSeen = lines.reduce(into: [String]()) { seen, line in if !seen.contains(line) { seen.append(line) } }
        // QoS 1 is at least once on both legs: our resends, and mosquitto's own to the
        // persistent subscriber of what it had sent it before it stopped, may repeat a message.
        #expect(firstSeen == expected, "in order, duplicates aside")
        // Repeats are our resends, or mosquitto's of what it had in flight to the subscriber
        // when it stopped (at most its window of 20).
        #expect(lines.count - 100 <= statistics.resent + 20, "\(lines.count - 100) repeated, \(statistics.resent) resent")
        #expect(events.events.count { if case .outage = $0 { true } else { false } } == 1, "the outage is said once")
        subscriber.signal(SIGTERM)
        await broker.stop()
    }

    @Test("messages queued while the broker is away are on disk, and a new publisher on the same spool sends them")
    func spoolSurvivesRestart() async throws {
        let broker = try Mosquitto()
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let address = BrokerAddress(host: "127.0.0.1", port: broker.port)
        let configuration = StoreAndForwardPublisher.Configuration(
            broker: address, request: { ConnectRequest(clientID: "spooled") },
            spool: PublisherSpool(directory: spool, topic: "fleet/spooled"),
            backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(200)))
        let first = try StoreAndForwardPublisher(configuration)
        first.start()
        for index in 0..<5 { first.publish(MQTTMessage(topic: "fleet/spooled", payload: Array("s\(index)".utf8))) }
        #expect(await first.finish(within: .milliseconds(300)).waiting == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).count == 5)
        try await broker.start()
        let subscriber = try await broker.subscribed("fleet/#", probing: "fleet/probe")
        let second = try StoreAndForwardPublisher(configuration)
        second.start()
        let statistics = await second.finish(within: .seconds(10))
        #expect(statistics.waiting == 0)
        #expect(statistics.delivered == 5)
        #expect(statistics.restored == 5)
        #expect(statistics.resent == 0, "the first publisher never reached the broker: nothing to resend")
        let expected = (0..<5).map { "fleet/spooled s\($0)\n" }.joined()
        #expect(await subscriber.waitForOutput(until: { $0.contains(expected) }, timeout: .seconds(10)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty)
        subscriber.signal(SIGTERM)
        await broker.stop()
    }

    @Test("a full queue drops the oldest, counts every drop and says it once")
    func boundedQueue() async throws {
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: BrokerAddress(host: "127.0.0.1", port: 1), request: { ConnectRequest(clientID: "c") }, capacity: 3),
            report: { events.append($0) })
        for index in 0..<10 { publisher.publish(MQTTMessage(topic: "t", payload: [UInt8(index)])) }
        let statistics = publisher.statistics
        #expect(statistics.dropped == 7)
        #expect(statistics.waiting == 3)
        #expect(events.events == [.dropping(capacity: 3)])
    }
}
