import Foundation
import Glibc
import Testing
import TestSupport

/// `gps publish` and `gps read mqtt://` as processes, against a mosquitto of the test's own.
@Suite(
    "gps publish and gps read mqtt://",
    .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"),
    .enabled(if: Mosquitto.isInstalled, Comment(rawValue: Mosquitto.missingMessage)))
struct FleetCommandTests {
    private static let drive = "Samples/captures/drive.nmea"

    @Test("a replay's 90 fixes reach a subscriber in order as OwnTracks JSON, then gps exits 0 with a summary")
    func replayReachesSubscriber() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let subscriber = try await broker.subscribed("owntracks/#", probing: "owntracks/probe")
        let outcome = try await Self.run(["publish", broker.url("owntracks/alice/car"), "--replay", Self.drive, "--rate", "0"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("gps: published 90 fixes (0 resent after a reconnect, 0 dropped, 0 still queued)"))
        #expect(await subscriber.waitForOutput(until: { $0.contains(#""seq":89,"#) }, timeout: .seconds(10)))
        let sequences = Self.sequences(in: subscriber.output)
        #expect(sequences == Array(0..<90))
        let messages = subscriber.output.split(separator: "\n").filter { !$0.hasPrefix("owntracks/probe ") }
        #expect(messages.first?.hasPrefix(#"owntracks/alice/car {"_type":"location","tid":"ca","tst":"#) == true)
        subscriber.signal(SIGTERM)
        await broker.stop()
    }

    @Test("with --retain a subscriber that comes after the replay gets its last fix at once; without, nothing")
    func retainedLastFix() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let plain = try await Self.run(["publish", broker.url("fleet/plain"), "--replay", Self.drive, "--rate", "0"])
        #expect(plain.status == 0)
        #expect(try await broker.firstMessage("fleet/plain", waitingAtMost: 1).output.isEmpty, "nothing retained without --retain")
        let retained = try await Self.run(["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "0", "--retain"])
        #expect(retained.status == 0)
        let late = try await broker.firstMessage("fleet/car", waitingAtMost: 10)
        #expect(late.status == 0)
        #expect(Self.sequences(in: late.output) == [89])
        await broker.stop()
    }

    @Test("a broker stopped for seconds mid-drive then restarted: nothing lost, order kept, the outage said once with what to do")
    func outageMidDrive() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let subscriber = try await broker.subscribed("fleet/#", probing: "fleet/probe", clientID: "fleet-reader")
        // At 3 fixes a second the drive lasts 30 s: the broker goes away after its tenth fix with
        // most of the drive still to come, even when a loaded whole-suite run is slow to see it.
        let publisher = try BackgroundCommand(
            ["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "3"], mergingStandardError: true)
        #expect(await subscriber.waitForOutput(until: { $0.contains(#""seq":10,"#) }, timeout: .seconds(20)))
        await broker.stop()
        // The outage's length is what is under test: seconds of fixes queued while it lasts.
        try await Task.sleep(for: .seconds(3))
        try await broker.start()
        #expect(await publisher.waitForOutput(timeout: .seconds(60)) { $0.contains("gps: published") })
        #expect(await subscriber.waitForOutput(until: { $0.contains(#""seq":89,"#) }, timeout: .seconds(20)))
        let output = publisher.output
        #expect(output.contains("gps: published 90 fixes"))
        #expect(output.contains("0 dropped, 0 still queued"))
        #expect(output.components(separatedBy: "no MQTT broker at").count == 2, "said once: \(output)")
        #expect(output.contains("start it (systemctl start mosquitto)"))
        #expect(output.contains("gps: the broker is back: sending"))
        let sequences = Self.sequences(in: subscriber.output)
        var firstSeen: [Int] = []
        for sequence in sequences where !firstSeen.contains(sequence) { firstSeen.append(sequence) }
        #expect(firstSeen == Array(0..<90), "every fix, in order (QoS 1 may repeat one: \(sequences.count - 90) repeated)")
        _ = await publisher.end(with: SIGTERM)
        subscriber.signal(SIGTERM)
        await broker.stop()
    }

    @Test("a wrong password ends gps publish with status 1 and the remedy, naming mosquitto_passwd")
    func badCredentials() async throws {
        let broker = try Mosquitto(users: ["alice": "right"])
        try await broker.start()
        let outcome = try await Self.run(
            ["publish", broker.url("fleet/car", user: "alice", password: "wrong"), "--replay", Self.drive, "--rate", "0"])
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("refused the connection: not authorised"))
        #expect(outcome.output.contains("mosquitto_passwd"))
        let good = try await Self.run(
            ["publish", broker.url("fleet/car", user: "alice", password: "right"), "--replay", Self.drive, "--rate", "0"])
        #expect(good.status == 0)
        await broker.stop()
    }

    @Test("with --spool, fixes gps could not send survive its restart and go first, in order")
    func spoolAcrossRestart() async throws {
        let broker = try Mosquitto()
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("gps-spool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let away = try BackgroundCommand(
            ["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "0", "--spool", spool], mergingStandardError: true)
        #expect(await away.waitForOutput { $0.contains("no MQTT broker at") && $0.contains("waiting to send 90 of them") })
        // What is under test is that nothing ends the run: a second's look, as no event marks it.
        try await Task.sleep(for: .seconds(1))
        #expect(!away.output.contains("gps: published"), "a replay waits for its fixes to be sent")
        #expect(await away.interrupt() == 0)
        #expect(away.output.contains("gps: published 0 fixes (0 from the spool, 0 resent after a reconnect, 0 dropped, 90 still queued in \(spool))"))
        try await broker.start()
        let subscriber = try await broker.subscribed("fleet/#", probing: "fleet/probe")
        let back = try await Self.run(["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "0", "--spool", spool])
        #expect(back.status == 0)
        // The first run never reached the broker: its 90 fixes go with DUP 0 and are not resent.
        #expect(back.output.contains("gps: published 180 fixes (90 from the spool, 0 resent after a reconnect, 0 dropped, 0 still queued)\n"))
        #expect(await subscriber.waitForOutput(until: { Self.sequences(in: $0).count == 180 }, timeout: .seconds(10)))
        #expect(Self.sequences(in: subscriber.output) == Array(0..<90) + Array(0..<90))
        subscriber.signal(SIGTERM)
        await broker.stop()
    }

    @Test("a spool holding more than --queue keeps its newest fixes at start: the oldest are dropped, said once and counted")
    func spoolOverTheBound() async throws {
        let broker = try Mosquitto()
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("gps-spool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let arguments = ["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "0", "--spool", spool]
        let first = try BackgroundCommand(arguments, mergingStandardError: true)
        #expect(await first.waitForOutput { $0.contains("waiting to send 90 of them") })
        #expect(await first.interrupt() == 0)
        let second = try BackgroundCommand(arguments + ["--queue", "10"], mergingStandardError: true)
        #expect(await second.waitForOutput { $0.contains("waiting to send 10 of them") })
        #expect(await second.interrupt() == 0)
        let output = second.output
        #expect(output.components(separatedBy: "gps: the spool in \(spool) held more than --queue 10 fixes: dropped the oldest 80").count == 2)
        // 80 of the spool's at start, then one per fix of the replay's 90.
        #expect(output.contains("gps: published 0 fixes (10 from the spool, 0 resent after a reconnect, 170 dropped, 10 still queued in \(spool))"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).count == 10)
    }

    @Test("gps read mqtt:// follows a wildcard: checking access, the fix, then lost when the publisher dies and its will arrives")
    func readStates() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reader = try BackgroundCommand(["read", broker.url("owntracks/+/car")], mergingStandardError: true)
        #expect(await reader.waitForOutput { $0.contains("gps: checking access") })
        let publisher = try BackgroundCommand(["publish", broker.url("owntracks/bob/car"), "--replay", Self.drive, "--rate", "2"])
        #expect(await reader.waitForOutput { $0.contains("gps: 3D fix") && $0.contains("48.137") })
        _ = await publisher.end(with: SIGKILL)
        #expect(await reader.waitForOutput(timeout: .seconds(20)) { $0.contains("gps: fix lost") })
        #expect(await reader.interrupt() == 0)
        await broker.stop()
    }

    @Test("a retained message whose tst is 1e16 is skipped with why, once, at every start of gps read mqtt://, and fixes go on")
    func hostileRetainedMessage() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        try await broker.publish(
            "owntracks/mallory/phone", payload: #"{"_type":"location","lat":48.1,"lon":11.5,"tst":1e16}"#, retain: true)
        for _ in 0..<2 {
            let reader = try BackgroundCommand(["read", broker.url("owntracks/+/phone")], mergingStandardError: true)
            #expect(await reader.waitForOutput { $0.contains("tst is out of range (0 to 253402300799)") })
            try await broker.publish("owntracks/alice/phone", payload: #"{"_type":"location","lat":47.5,"lon":11.5,"tst":1748772005}"#)
            #expect(await reader.waitForOutput { $0.contains("47.500000") })
            try await broker.publish(
                "owntracks/mallory/phone", payload: #"{"_type":"location","lat":48.1,"lon":11.5,"tst":1e300}"#, retain: true)
            // A fix published after the hostile message: once it is read, so was the message.
            try await broker.publish("owntracks/alice/phone", payload: #"{"_type":"location","lat":47.25,"lon":11.5,"tst":1748772006}"#)
            #expect(await reader.waitForOutput { $0.contains("47.250000") })
            #expect(await reader.interrupt() == 0, "gps read survived: \(reader.output)")
            #expect(reader.output.components(separatedBy: "tst is out of range").count == 2, "said once: \(reader.output)")
        }
        await broker.stop()
    }

    @Test("gps read mqtt:// with a wrong password says the broker's refusal with the remedy, and keeps trying")
    func readBadCredentials() async throws {
        let broker = try Mosquitto(users: ["alice": "right"])
        try await broker.start()
        let reader = try BackgroundCommand(["read", broker.url("fleet/#", user: "alice", password: "nope")], mergingStandardError: true)
        #expect(await reader.waitForOutput { $0.contains("refused the connection: not authorised") })
        #expect(await reader.interrupt() == 0)
        await broker.stop()
    }

    @Test("a full queue drops the oldest fixes, says so once with what to do, and the summary counts them")
    func fullQueue() async throws {
        let broker = try Mosquitto()
        let away = try BackgroundCommand(
            ["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "0", "--queue", "10"], mergingStandardError: true)
        #expect(await away.waitForOutput { $0.contains("waiting to send 10 of them") })
        #expect(await away.interrupt() == 0)
        let output = away.output
        #expect(output.components(separatedBy: "gps: the queue is full (10 fixes): dropping the oldest, counted; raise --queue").count == 2)
        #expect(output.contains("0 resent after a reconnect, 80 dropped, 10 still queued, lost)"))
    }

    @Test("gps read mqtt:// --json writes each fix on the topic as gpsd's TPV")
    func readJSON() async throws {
        let broker = try Mosquitto()
        try await broker.start()
        let reader = try BackgroundCommand(["read", broker.url("fleet/#"), "--json"])
        // The drive is published again every second until the reader, subscribed, writes a TPV:
        // nothing marks its subscription.
        let tpv = #"{"class":"TPV","device":"mqtt://127.0.0.1:\#(broker.port)/fleet/#","mode":3,"#
        var lastRun: ContinuousClock.Instant?
        await eventually("the reader writes a TPV", pollingLimit: .milliseconds(100)) {
            if reader.output.contains(tpv) { return true }
            if lastRun.map({ ContinuousClock.now - $0 >= .seconds(1) }) ?? true {
                lastRun = ContinuousClock.now
                let published = try? await Self.run(
                    ["publish", broker.url("fleet/car"), "--replay", Self.drive, "--rate", "0", "--format", "gpsd"])
                #expect(published?.status == 0)
            }
            return false
        }
        #expect(await reader.interrupt() == 0)
        await broker.stop()
    }

    /// Runs `gps arguments…` to its end, standard error merged into the output. Through `Spawned`,
    /// whose pipes are close-on-exec at once: a mosquitto another test starts meanwhile must not
    /// inherit the write end of this one's output, or reading it to its end would wait for that
    /// broker's exit.
    static func run(_ arguments: [String]) async throws -> Subprocess {
        try await Spawned(try #require(CommandRunner.gpsPath), arguments, mergingStandardError: true).waitForExit(timeout: .seconds(120))
    }

    /// The `seq` of each OwnTracks message in `mosquitto_sub -v`'s output, in order.
    static func sequences(in output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #""seq":"#) else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }
}
