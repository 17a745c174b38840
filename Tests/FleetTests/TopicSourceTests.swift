import Fleet
import Foundation
import GPSReader
import Locking
import LocationTracking
import MQTT
import Testing
import TestSupport

/// `MQTTTopicSource` against a mosquitto of the test's own: what a followed topic gives the pipeline.
@Suite("An MQTT topic as a source", .enabled(if: Mosquitto.isInstalled, Comment(rawValue: Mosquitto.missingMessage)))
struct TopicSourceTests {
    static let fix = #"{"_type":"location","tid":"ca","tst":1748772005,"lat":48.1374130,"lon":11.5755200,"acc":8}"#

    @Test("a wildcard filter gives every publisher's fixes as epochs, after .opened")
    func wildcard() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reading = Reading(MQTTTopicSource(broker: address(broker), filter: "owntracks/+/car"))
        await reading.waitFor("the subscription") { $0.contains { if case .opened = $0 { true } else { false } } }
        try await broker.publish("owntracks/alice/car", payload: Self.fix)
        try await broker.publish("owntracks/bob/car", payload: Self.fix.replacingOccurrences(of: "48.137", with: "47.137"))
        try await broker.publish("owntracks/bob/bike", payload: Self.fix)
        // A marker published after the bike's: once its fix is in, the bike's would have been.
        try await broker.publish("owntracks/carol/car", payload: Self.fix.replacingOccurrences(of: "48.137", with: "46.137"))
        await reading.waitFor("three fixes") { $0.locations.count >= 3 }
        #expect(reading.events.locations.map { Int($0.coordinate.latitude) } == [48, 47, 46])
        reading.stop()
        await broker.stop()
    }

    @Test("a last will is an epoch without a fix, so the tracking flow turns lost")
    func lastWill() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reading = Reading(MQTTTopicSource(broker: address(broker), filter: "fleet/car"))
        await reading.waitFor("the subscription") { $0.contains { if case .opened = $0 { true } else { false } } }
        try await broker.publish("fleet/car", payload: Self.fix)
        try await broker.publish("fleet/car", payload: #"{"_type":"lwt","tst":1748772000}"#)
        await reading.waitFor("the will") { events in
            events.contains { if case .epoch(let epoch) = $0 { epoch.location == nil } else { false } }
        }
        reading.stop()
        await broker.stop()
    }

    @Test("garbage and a 10 MB message are each rejected once with why, and fixes go on (PacketFramerTests: the 10 MB are never held)")
    func garbageAndHugePayload() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reading = Reading(MQTTTopicSource(broker: address(broker), filter: "fleet/#"))
        await reading.waitFor("the subscription") { $0.contains { if case .opened = $0 { true } else { false } } }
        let huge = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: huge) }
        try Data(repeating: UInt8(ascii: "x"), count: 10 << 20).write(to: URL(fileURLWithPath: huge))
        try await broker.publish("fleet/car", payload: "garbage {")
        try await broker.publish("fleet/car", file: huge)
        try await broker.publish("fleet/car", payload: Self.fix)
        await reading.waitFor("the fix after them") { $0.locations.count == 1 }
        let failures = reading.events.compactMap { if case .failed(let error) = $0 { error as? FleetError } else { nil } }
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { "\($0)".contains("fixes go on") })
        #expect(failures.contains { "\($0)".contains("10485760 bytes") || "\($0)".contains("bytes, more than") })
        reading.stop()
        await broker.stop()
    }

    @Test("25 oversized QoS 1 messages, more than mosquitto's in-flight window of 20, are each acknowledged: the fix after them arrives")
    func oversizedMessagesAreAcknowledged() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reading = Reading(MQTTTopicSource(broker: address(broker), filter: "fleet/#"))
        await reading.waitFor("the subscription") { $0.contains { if case .opened = $0 { true } else { false } } }
        let large = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: large) }
        try Data(repeating: UInt8(ascii: "x"), count: 32 * 1024).write(to: URL(fileURLWithPath: large))
        for _ in 0..<25 { try await broker.publish("fleet/car", file: large) }
        try await broker.publish("fleet/car", payload: Self.fix)
        await reading.waitFor("the fix after them") { $0.locations.count == 1 }
        let failures = reading.events.compactMap { if case .failed(let error) = $0 { error as? FleetError } else { nil } }
        #expect(failures.count == 1, "the same rejection, said once: \(failures)")
        #expect(failures.first.map { "\($0)".contains("skipped a message on fleet/car: a message of 32781 bytes") } == true)
        reading.stop()
        await broker.stop()
    }

    @Test("a wrong password is .failed with the broker's typed refusal, said once while retried")
    func badCredentials() async throws {
        let broker = try Mosquitto(users: ["alice": "right"])
        try await broker.start()
        let clock = ManualClock()
        let source = MQTTTopicSource(
            broker: address(broker), filter: "fleet/#", credentials: (username: "alice", password: "wrong"),
            recheckInterval: .milliseconds(100), clock: clock)
        if case .unavailable(let error) = await source.checkAccess() {
            #expect(error as? MQTTError == .refused(address(broker), .notAuthorized))
        } else {
            Issue.record("access granted with a wrong password")
        }
        let reading = Reading(source)
        await reading.waitFor("the refusal") { !$0.isEmpty }
        // Five rechecks, each refused: each wait between them is driven on the clock, and the
        // next wait begun marks the attempt before it as done.
        for recheck in 1...5 {
            await eventually("the wait before recheck \(recheck)") { !clock.pendingDeadlines.isEmpty }
            clock.advance(by: .milliseconds(100))
        }
        await eventually("the wait after the fifth recheck") { !clock.pendingDeadlines.isEmpty }
        let failures = reading.events.compactMap { if case .failed(let error) = $0 { error as? MQTTError } else { nil } }
        #expect(failures == [.refused(address(broker), .notAuthorized)])
        reading.stop()
        await broker.stop()
    }

    @Test("a broker that goes away is .failed once, and the topic is followed again when it is back")
    func brokerRestart() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reading = Reading(MQTTTopicSource(broker: address(broker), filter: "fleet/car", recheckInterval: .milliseconds(200)))
        await reading.waitFor("the subscription") { $0.contains { if case .opened = $0 { true } else { false } } }
        await broker.stop()
        await reading.waitFor("the outage") { $0.contains { if case .failed = $0 { true } else { false } } }
        try await broker.start()
        await reading.waitFor("the subscription again") { $0.count { if case .opened = $0 { true } else { false } } == 2 }
        try await broker.publish("fleet/car", payload: Self.fix)
        await reading.waitFor("a fix") { $0.locations.count == 1 }
        reading.stop()
        await broker.stop()
    }

    func address(_ broker: Mosquitto) -> BrokerAddress {
        BrokerAddress(host: "127.0.0.1", port: broker.port)
    }
}

/// A source's events, collected on a task of their own until `stop()`.
private final class Reading: Sendable {
    private final class Log: Sendable {
        let events = LockedState<[ReceiverEvent]>([])
    }

    private let log = Log()
    private let task: Task<Void, Never>

    init(_ source: some ReceiverSource) {
        let log = log
        task = Task {
            for await event in source.events() { log.events.withLock { $0.append(event) } }
        }
    }

    var events: [ReceiverEvent] { log.events.withLock { $0 } }

    func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: ([ReceiverEvent]) -> Bool) async {
        if await !eventually(what, sourceLocation: sourceLocation, { condition(events) }) {
            Issue.record("the events: \(events)", sourceLocation: sourceLocation)
        }
    }

    func stop() {
        task.cancel()
    }
}

extension [ReceiverEvent] {
    var locations: [Location] {
        compactMap { if case .epoch(let epoch) = $0 { epoch.location } else { nil } }
    }
}
