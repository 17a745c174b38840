import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// Status that must not go stale or claim too much: a simulator's link that another simulator
/// holds, a folder that is not there, and a busy device that is not acquiring anything.
@Suite("gps status lines", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct StatusCommandTests {
    @Test("gps simulate --link: a link to another live simulator's pseudo-terminal is refused and stays that simulator's; a missing folder is said")
    func simulatorLink() async throws {
        let gps = try #require(CommandRunner.gpsPath)
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-sim-\(UUID().uuidString)").path
        let first = try BackgroundCommand(["simulate", "--pty", "--link", link], mergingStandardError: true)
        #expect(await first.waitForOutput { $0.contains("Ctrl-C to stop") }, "\(first.output)")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link)

        // Refused at once; one that took the link would run until killed.
        let second = try await Spawned(gps, ["simulate", "--pty", "--link", link], mergingStandardError: true)
            .waitForExit(timeout: .seconds(10))
        #expect(second.status == 1)
        #expect(second.output == "gps: \(link) already links to \(target), a device that is there (another gps simulate's "
            + "pseudo-terminal?): stop that simulator, or choose another --link.\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(await first.interrupt() == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "removed by its own simulator")

        let missing = try await Spawned(gps, ["simulate", "--pty", "--link", "/nonexistentdir/gps0"], mergingStandardError: true)
            .waitForExit(timeout: .seconds(10))
        #expect(missing.status == 1)
        #expect(missing.output == "gps: cannot make the link /nonexistentdir/gps0: its folder /nonexistentdir does not exist. "
            + "Create it first, or choose another --link.\n")
    }

    @Test("a stale link, whose pseudo-terminal is gone, is replaced")
    func staleLinkReplaced() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-sim-\(UUID().uuidString)").path
        #expect(symlink("/dev/pts/999999", link) == 0)
        defer { unlink(link) }
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link], mergingStandardError: true)
        #expect(await simulator.waitForOutput { $0.contains("Ctrl-C to stop") }, "\(simulator.output)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).hasPrefix("/dev/pts/"))
        #expect(await simulator.interrupt() == 0)
    }

    @Test("gps read on a busy device says it is in use, never that it is acquiring satellites, until its holder lets go")
    func busyDeviceIsNotAcquiring() async throws {
        let receiver = try VirtualReceiver()
        let holder = open(receiver.devicePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(holder >= 0)
        try #require(flock(holder, LOCK_EX) == 0)
        let reader = try BackgroundCommand(["read", receiver.devicePath], mergingStandardError: true)
        #expect(await reader.waitForOutput { $0.contains("is in use by another process") }, "\(reader.output)")
        // Over a check of access again (every 2 s), still in use: still not acquiring. The time is
        // what is under test: the other process sees the recheck only as time passing.
        try await Task.sleep(for: .seconds(3))
        #expect(!reader.output.contains("acquiring satellites"), "\(reader.output)")
        close(holder)
        #expect(await reader.waitForOutput { $0.contains("gps: acquiring satellites") }, "\(reader.output)")
        #expect(await reader.interrupt() == 0)
    }
}
