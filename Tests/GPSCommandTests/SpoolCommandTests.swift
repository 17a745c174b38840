import Foundation
import Glibc
import Testing
import TestSupport

/// `gps publish --spool DIR` against a directory that is not the user's own, and against files
/// another user or another topic's run left in it.
@Suite(
    "gps publish --spool against other users and other topics",
    .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct SpoolCommandTests {
    private static let drive = "Samples/captures/drive.nmea"

    @Test("as root, a spool directory nobody owns is refused with status 1 and the reason, before any broker is tried",
          .enabled(if: geteuid() == 0, "chown needs root"))
    func anotherUsersDirectory() async throws {
        let spool = try Self.directory(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: spool) }
        #expect(chown(spool, 65534, 65534) == 0)
        let run = try await Self.publish(spool: spool)
        #expect(run.status == 1)
        #expect(run.output == "gps: refusing \(spool) as the spool directory: it belongs to user 65534, not to you (user 0), "
            + "and what is in it would be published with your credentials: give a directory of your own\n")
    }

    @Test("as nobody, a spool directory root owns is refused too")
    func rootsDirectoryAsNobody() async throws {
        let spool = try Self.directory(mode: 0o755)
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let run = try await Self.publish(spool: spool, asNobody: true)
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("gps: refusing \(spool) as the spool directory: it belongs to user 0, not to you (user 65534)"))
    }

    @Test("a spool directory others may write is refused with status 1, its mode and the chmod that fixes it")
    func writableByOthers() async throws {
        let spool = try Self.directory(mode: 0o777)
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let run = try await Self.publish(spool: spool)
        #expect(run.status == 1)
        #expect(run.output == "gps: refusing \(spool) as the spool directory: others may write it (mode 0777), and what is "
            + "in it would be published with your credentials: chmod go-w \(spool), or give a directory only you may write\n")
    }

    @Test("a message for another topic in the spool is not published, with this run's credentials, to that topic: it is left and said",
          .enabled(if: Mosquitto.isInstalled, Comment(rawValue: Mosquitto.missingMessage)))
    func otherTopicNotPublished() async throws {
        let spool = try Self.directory(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let planted = spool + "/00000000000000000000.mqtt"
        let payload = Array(#"{"_type":"location","lat":1.0,"lon":2.0,"tst":1}"#.utf8)
        let file: [UInt8] = [1, 0x04, 0, 7] + Array("fleet/x".utf8) + [0, 0, 0, UInt8(payload.count)] + payload
        try Data(file).write(to: URL(fileURLWithPath: planted))
        let broker = try Mosquitto()
        try await broker.start()
        let subscriber = try await broker.subscribed("fleet/#", probing: "fleet/probe")
        let run = try await FleetCommandTests.run(["publish", broker.url("fleet/a"), "--replay", Self.drive, "--rate", "0", "--spool", spool])
        #expect(run.status == 0)
        #expect(run.output.contains("gps: left alone in the spool in \(spool), as not this topic's queue: "
            + "00000000000000000000.mqtt (a message for fleet/x)\n"))
        #expect(run.output.contains("gps: published 90 fixes (0 from the spool, 0 resent after a reconnect, 0 dropped, 0 still queued)"))
        #expect(await subscriber.waitForOutput(until: { FleetCommandTests.sequences(in: $0).count == 90 }, timeout: .seconds(10)))
        #expect(!subscriber.output.contains("fleet/x"))
        #expect(FileManager.default.contents(atPath: planted) == Data(file))
        subscriber.signal(SIGTERM)
        await broker.stop()
    }

    /// `gps publish` of the sample drive to a broker that is not there, with `--spool spool`,
    /// standard error merged; killed after 30 s (a spool it takes waits for the broker).
    private static func publish(spool: String, asNobody: Bool = false) async throws -> Subprocess {
        let gps = try #require(CommandRunner.gpsPath)
        let command = [gps, "publish", "mqtt://127.0.0.1:1/fleet/a", "--replay", drive, "--spool", spool]
        let prefix = asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let full = prefix + command
        return try await Spawned(full[0], Array(full.dropFirst()), mergingStandardError: true).waitForExit(timeout: .seconds(30))
    }

    private static func directory(mode: mode_t) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gps-spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(chmod(path, mode) == 0)
        return path
    }
}
