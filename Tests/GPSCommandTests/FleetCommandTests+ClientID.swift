import Foundation
import Glibc
import Testing
import TestSupport

/// `gps publish`'s client id on a broker shared with other publishers: each its own by default,
/// the same across runs, and what happens when two share one anyway.
extension FleetCommandTests {
    @Test("publishers of owntracks/alice/car and owntracks/bob/car get different default ids and neither is taken over; alice's is the same again in the next run")
    func defaultClientIDs() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let follower = try await broker.subscribed("owntracks/#", probing: "owntracks/probe")
        let alice = try BackgroundCommand(
            ["publish", broker.url("owntracks/alice/car"), "--replay", "Samples/captures/drive.nmea", "--rate", "2"],
            mergingStandardError: true)
        #expect(await alice.waitForOutput { $0.contains("gps: publishing to") })
        let bob = try BackgroundCommand(
            ["publish", broker.url("owntracks/bob/car"), "--replay", "Samples/captures/drive.nmea", "--rate", "2"],
            mergingStandardError: true)
        #expect(await follower.waitForOutput(until: { $0.contains("owntracks/alice/car {") && $0.contains("owntracks/bob/car {") },
                                            timeout: .seconds(20)))
        // Four seconds of both at 2 fixes a second, counted in fixes so that a loaded machine
        // takes as long as it needs: neither is taken over meanwhile.
        let fixes = { (topic: String) in follower.output.components(separatedBy: "\(topic) {").count - 1 }
        await eventually("eight more fixes of each") { fixes("owntracks/alice/car") >= 9 && fixes("owntracks/bob/car") >= 9 }
        #expect(!follower.output.contains(#""_type":"lwt""#), "a last will: one was disconnected: \(follower.output)")
        for publisher in [alice, bob] {
            #expect(!publisher.output.contains("the broker is back"), "\(publisher.output)")
            #expect(await publisher.end(with: SIGTERM) == 0)
        }
        let again = try await Self.run(["publish", broker.url("owntracks/alice/car"), "--replay", "Samples/captures/drive.nmea", "--rate", "0"])
        #expect(again.status == 0)
        follower.signal(SIGTERM)
        await broker.stop()
        let log = try String(contentsOfFile: "\(broker.directory)/mosquitto.log", encoding: .utf8)
        #expect(!log.contains("already connected"), "a client id taken over: \(log)")
        let ids = Self.clientIDs(in: log)
        #expect(ids.count == 3, "\(log)")
        #expect(ids.allSatisfy { $0.count == 20 && $0.hasPrefix("gps-") }, "\(ids)")
        #expect(ids.count == 3 && ids[0] != ids[1] && ids[2] == ids[0], "alice, bob, alice again: \(ids)")
    }

    @Test("two publishers given one --client-id take each other's connection over: each says the outage once and backs off, not a line and a reconnection every half second")
    func sharedClientID() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let alice = try BackgroundCommand(
            ["publish", broker.url("owntracks/alice/car"), "--replay", "Samples/captures/drive.nmea", "--rate", "2", "--client-id", "car"],
            mergingStandardError: true)
        #expect(await alice.waitForOutput { $0.contains("gps: publishing to") })
        let bob = try BackgroundCommand(
            ["publish", broker.url("owntracks/bob/car"), "--replay", "Samples/captures/drive.nmea", "--rate", "2", "--client-id", "car"],
            mergingStandardError: true)
        #expect(await alice.waitForOutput { $0.contains("closes it again") })
        // The time is what is under test: how many reconnections six seconds of backoff allow.
        try await Task.sleep(for: .seconds(6))
        for publisher in [alice, bob] {
            _ = await publisher.end(with: SIGTERM)
            let output = publisher.output
            #expect(output.components(separatedBy: "accepts the connection and closes it again within 30 s").count <= 2, "\(output)")
            // Back once, after the first takeover, which may as well have been a broker that stopped.
            #expect(output.components(separatedBy: "the broker is back").count <= 2, "\(output)")
        }
        #expect(alice.output.contains("another client with this client id takes it over (give each its own --client-id)"))
        await broker.stop()
        let log = try String(contentsOfFile: "\(broker.directory)/mosquitto.log", encoding: .utf8)
        // Waits of at least 0.25, 0.5, 1 and 2 s: at most 4 reconnections each in the 6 s, where a
        // fixed half second or less took about 12 each.
        let takeovers = log.components(separatedBy: "already connected").count - 1
        #expect(takeovers >= 1 && takeovers <= 10, "\(takeovers) takeovers: \(log)")
    }

    /// The `gps-` client ids in mosquitto's log, in the order they connected.
    static func clientIDs(in log: String) -> [String] {
        log.split(separator: "\n").compactMap { line in
            guard line.contains("New client connected"), let range = line.range(of: " as ") else { return nil }
            let id = line[range.upperBound...].prefix { $0 != " " }
            return id.hasPrefix("gps-") ? String(id) : nil
        }
    }
}
