import Foundation
import Glibc
import Testing
import TestSupport

/// What each command does with a path that is not what it expects (docs/CommandLine.md): a
/// device path that can never be a receiver ends the command with status 1 and the reason at
/// once, instead of waiting for it; a capture that is a FIFO with no writer waits, and the
/// first SIGTERM or Ctrl-C ends it with status 0; an endless input that is no receiver's output
/// (`/dev/zero`) ends with status 1 once its first 16 MiB framed nothing. None of these tests
/// touches a console: a console is refused before it is opened (`DeviceNodeTests`).
@Suite("Paths that are not what a command expects", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct UnusablePathTests {
    /// A recording that a refused device leaves behind, removed after the test.
    private static let recording = NSTemporaryDirectory() + "gps-unusable-\(getpid()).nmea"

    @Test("gps read, read --json, serve and record of /dev/null or a directory exit 1 at once, saying it is not a serial device",
          arguments: [
            ["read", "/dev/null"], ["read", NSTemporaryDirectory()], ["read", "/dev/null", "--json"],
            ["serve", "/dev/null", "--listen", "127.0.0.1:0"], ["record", "/dev/null", "--output", recording],
          ])
    func deviceThatIsNone(arguments: [String]) async throws {
        defer { unlink(Self.recording) }
        let command = try Spawned(CommandRunner.gpsPath!, arguments, mergingStandardError: true)
        // Waited for, it would never end: the guard kills it, and the status says so.
        let ended = await command.waitForExit(timeout: .seconds(20))
        #expect(ended.status == 1, "\(ended.output)")
        #expect(ended.output.contains("gps: failed: \(arguments[1]) is a"), "\(ended.output)")
        #expect(ended.output.contains("not a serial device"))
        #expect(ended.output.components(separatedBy: "not a serial device").count == 2, "said once: \(ended.output)")
    }

    @Test("gps replay --rate 0, replay --gpx and report of a FIFO with no writer end with status 0 at the first SIGTERM, and at the first Ctrl-C",
          arguments: [SIGTERM, SIGINT], [["replay", "--rate", "0"], ["replay", "--gpx"], ["report", "--output", "/dev/null"]])
    func fifoWithoutWriter(signal: Int32, command: [String]) async throws {
        let fifo = NSTemporaryDirectory() + "gps-fifo-\(getpid())-\(signal)-\(command.joined().filter(\.isLetter)).nmea"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let arguments = [command[0], fifo] + command.dropFirst()
        let replay = try Spawned(CommandRunner.gpsPath!, arguments, mergingStandardError: true)
        await eventually("gps has the FIFO open") { Self.hasOpen(replay.pid, fifo) }
        replay.signal(signal)
        let ended = await replay.waitForExit(timeout: .seconds(3))
        #expect(ended.status == 0, "\(arguments): \(ended.output)")
    }

    @Test("gps replay /dev/zero (and --json, --gpx) ends with status 1, saying once that its first 16 MiB held no frame",
          arguments: [[], ["--json"], ["--gpx"]])
    func endlessZeros(options: [String]) async throws {
        let replay = try Spawned(CommandRunner.gpsPath!, ["replay", "/dev/zero"] + options, mergingStandardError: true)
        let ended = await replay.waitForExit(timeout: .seconds(60))
        #expect(ended.status == 1, "\(ended.output)")
        let message = "No NMEA sentence, UBX or RTCM 3 frame in the first 16 MiB of /dev/zero"
        #expect(ended.output.components(separatedBy: message).count == 2, "said once: \(ended.output)")
    }

    /// Whether process `pid` has `path` open (`/proc/PID/fd`).
    static func hasOpen(_ pid: pid_t, _ path: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path }
    }
}
