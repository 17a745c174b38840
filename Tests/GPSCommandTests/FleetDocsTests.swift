import Foundation
import Glibc
import Testing
import TestSupport

/// docs/Fleet.md's walk-through, run as written: on a mosquitto of the test's own (its port in
/// place of 1883), with the simulator's `/tmp/gps0` made unique.
@Suite(
    "docs/Fleet.md's commands",
    .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"),
    .enabled(if: Mosquitto.isInstalled, Comment(rawValue: Mosquitto.missingMessage)))
struct FleetDocsTests {
    private static let document = (try? String(
        contentsOf: CommandRunner.packageRoot.appendingPathComponent("docs/Fleet.md"), encoding: .utf8)) ?? ""

    private struct Walkthrough {
        let broker: Mosquitto
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps0-\(UUID().uuidString)").path

        /// Starts `command` as docs/Fleet.md shows it, with `gps` on the PATH, in the package folder.
        func shell(_ command: String) throws -> Spawned {
            #expect(FleetDocsTests.document.contains(command), "docs/Fleet.md shows: \(command)")
            let gpsFolder = URL(fileURLWithPath: CommandRunner.gpsPath!).deletingLastPathComponent().path
            let line = command.replacingOccurrences(of: "/tmp/gps0", with: link)
                .replacingOccurrences(of: "mqtt://localhost/", with: "mqtt://127.0.0.1:\(broker.port)/")
                .replacingOccurrences(of: "mosquitto_sub ", with: "mosquitto_sub -h 127.0.0.1 -p \(broker.port) ")
            return try Spawned(
                "/bin/sh", ["-c", "cd '\(CommandRunner.packageRoot.path)' && exec \(line)"],
                environment: ["PATH": gpsFolder + ":/usr/bin:/bin:/usr/sbin"], mergingStandardError: true)
        }
    }

    @Test("a simulated receiver published as OwnTracks, watched with mosquitto_sub, followed with gps read, and a capture's 90 fixes")
    func walkthrough() async throws {
        #expect(Self.document.contains("mosquitto -p 1883"))
        let broker = try Mosquitto()
        try await broker.start()
        let walk = Walkthrough(broker: broker)
        let watcher = try walk.shell("mosquitto_sub -t 'owntracks/#' -v")
        defer { watcher.signal(SIGTERM) }
        let simulator = try walk.shell("gps simulate --pty --link /tmp/gps0 --rate 5")
        defer { simulator.signal(SIGINT) }
        #expect(await simulator.waitForOutput(until: { $0.contains("(link: \(walk.link))") }), "\(simulator.output)")
        let reader = try walk.shell("gps read mqtt://localhost/owntracks/+/car")
        defer { reader.signal(SIGINT) }
        let publisher = try walk.shell("gps publish mqtt://localhost/owntracks/alice/car /tmp/gps0")
        #expect(await publisher.waitForOutput(until: { $0.contains("gps: publishing to mqtt://127.0.0.1:\(broker.port)/owntracks/alice/car") }))
        #expect(await watcher.waitForOutput(until: { $0.contains(#"owntracks/alice/car {"_type":"location","tid":"ca","#) }))
        #expect(await reader.waitForOutput(until: { $0.contains("gps: 3D fix") && $0.contains(" 48.13") }), "\(reader.output)")
        publisher.signal(SIGINT)
        let published = await publisher.waitForExit()
        #expect(published.status == 0)
        #expect(published.output.contains("gps: published "))
        let replay = try await walk.shell(
            "gps publish mqtt://localhost/owntracks/alice/car --replay Samples/captures/drive.nmea --rate 0").waitForExit()
        #expect(replay.status == 0)
        #expect(replay.output.contains("gps: published 90 fixes (0 resent after a reconnect, 0 dropped, 0 still queued)"))
        #expect(await watcher.waitForOutput(until: { $0.contains(#""seq":89,"#) }))
        reader.signal(SIGINT)
        #expect(await reader.waitForExit().status == 0)
        await broker.stop()
    }
}
