import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// `gps record` where its output does not simply stay: a folder deleted while recording, a FIFO,
/// standard output, and a device that never opens before Ctrl-C.
@Suite("gps record's output", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct RecordOutputCommandTests {
    /// gpsd's BU-353-S4 log without its `#` header: 25 epochs at 1 Hz.
    private static let log: [UInt8]? = SharedMaterial.gpsdLogs
        .flatMap { FileManager.default.contents(atPath: $0.appendingPathComponent("bu353s4.log").path) }
        .map { [UInt8]($0).withoutComments }

    private static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gps-record-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("the folder deleted while recording: said once with what to do, status 1, and no line claiming the lines were recorded",
          .enabled(if: log != nil, "\(SharedMaterial.missingMessage)"))
    func deletedFolder() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = try #require(Self.log)
        let half = lines.split(separator: 0x0A, omittingEmptySubsequences: false).count / 2
        let parts = lines.split(separator: 0x0A, omittingEmptySubsequences: false)
        let first = Array(parts.prefix(half).joined(separator: [0x0A])) + [0x0A]
        let receiver = try VirtualReceiver()
        let file = folder + "/ride.nmea"
        let recorder = try BackgroundCommand(["record", receiver.devicePath, "--output", file], mergingStandardError: true)
        try #require(await recorder.waitForOutput { $0.contains("into \(file); Ctrl-C to stop") }, "\(recorder.output)")
        try receiver.send(first, timeout: .seconds(10))
        await eventually("the first half is in the file") { RecordCommandTests.recordedBody([file]) >= first.count }
        try FileManager.default.removeItem(atPath: folder)
        try receiver.send(lines, timeout: .seconds(10))
        #expect(await recorder.waitForExit() == 1, "\(recorder.output)")
        let said = recorder.output.components(separatedBy: "\n").filter { $0.contains("was deleted while recording") }
        #expect(said.count == 1, "\(recorder.output)")
        #expect(said.first?.hasPrefix("gps: \(file) was deleted while recording (the file or its folder): what was written "
            + "into it is lost with it. The recording stopped after ") == true, "\(recorder.output)")
        #expect(!recorder.output.contains("gps: recorded "), "\(recorder.output)")
    }

    @Test("a FIFO as --output: a reader gets every line, no fsync fails, status 0; without a reader, refused at once with what to do",
          .enabled(if: log != nil, "\(SharedMaterial.missingMessage)"))
    func fifo() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let receiver = try VirtualReceiver()
        let alone = try await CommandRunner.run(["record", receiver.devicePath, "--output", fifo])
        #expect(alone.status == 1)
        #expect(alone.errorOutput == "gps: Nothing reads the FIFO \(fifo): start its reader first (`cat \(fifo)`), then the recording.\n")

        let reader = try Spawned("/bin/cat", [fifo])
        // cat waits in open(2) for a writer (the kernel's wait_for_partner), a reader the FIFO counts.
        await eventually("cat is opening the FIFO") {
            (try? String(contentsOfFile: "/proc/\(reader.pid)/wchan", encoding: .utf8)) == "wait_for_partner"
                || UnusablePathTests.hasOpen(reader.pid, fifo)
        }
        let lines = try #require(Self.log)
        let recorder = try BackgroundCommand(["record", receiver.devicePath, "--output", fifo, "--no-header"], mergingStandardError: true)
        try #require(await recorder.waitForOutput { $0.contains("into \(fifo); Ctrl-C to stop") }, "\(recorder.output)")
        try receiver.send(lines, timeout: .seconds(10))
        #expect(await reader.waitForOutput(until: { $0.utf8.count >= lines.count }, timeout: .seconds(30)))
        #expect(await recorder.interrupt() == 0, "\(recorder.output)")
        #expect(recorder.output.contains("gps: recorded \(lines.count { $0 == 0x0A }) lines"), "\(recorder.output)")
        #expect(Array(reader.output.utf8) == lines)
        reader.signal(SIGTERM)
    }

    @Test("--output /dev/stdout into a pipe: the lines come out on standard output, status 0",
          .enabled(if: log != nil, "\(SharedMaterial.missingMessage)"))
    func standardOutput() async throws {
        let lines = try #require(Self.log)
        let receiver = try VirtualReceiver()
        // Standard error to a file of its own, so that standard output holds the lines alone: gps
        // says there when it has opened the device, whose opening discards what came before.
        let messages = FileManager.default.temporaryDirectory.appendingPathComponent("gps-record-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: messages) }
        let recorder = try Spawned("/bin/sh", ["-c", #"exec "$0" record "$1" --output /dev/stdout --no-header 2>"$2""#,
                                               try #require(CommandRunner.gpsPath), receiver.devicePath, messages])
        await eventually("gps has opened the device") {
            (try? String(contentsOfFile: messages, encoding: .utf8))?.contains("Ctrl-C to stop") == true
        }
        try receiver.send(lines, timeout: .seconds(10))
        #expect(await recorder.waitForOutput(until: { $0.utf8.count >= lines.count }, timeout: .seconds(30)), "\(recorder.output)")
        recorder.signal(SIGINT)
        let outcome = await recorder.waitForExit()
        #expect(outcome.status == 0)
        #expect(Array(outcome.output.utf8) == lines)
    }

    @Test("--rotate into /dev/stdout or a FIFO, which no piece can follow: refused before the device is opened, with what to do, status 1")
    func rotationNeedsAFile() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try Spawned("/bin/cat", [fifo])
        defer { reader.signal(SIGTERM) }
        await eventually("cat is opening the FIFO") {
            (try? String(contentsOfFile: "/proc/\(reader.pid)/wchan", encoding: .utf8)) == "wait_for_partner"
                || UnusablePathTests.hasOpen(reader.pid, fifo)
        }
        let receiver = try VirtualReceiver()
        for output in ["/dev/stdout", fifo] {
            let run = try await CommandRunner.run(["record", receiver.devicePath, "--output", output, "--rotate", "1M"])
            #expect(run.status == 1)
            #expect(run.errorOutput == "gps: \(output) is not a file that pieces can follow (a FIFO, a device or a descriptor "
                + "the shell gave): record without --rotate, or into a file.\n")
            #expect(run.output.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: fifo + ".1"))
    }

    @Test("a busy device and Ctrl-C: no empty file is left, so the next run records into the same name")
    func busyDeviceLeavesNoFile() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver()
        let holder = open(receiver.devicePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(holder >= 0)
        try #require(flock(holder, LOCK_EX) == 0)
        let file = folder + "/ride.nmea"
        let waiting = try BackgroundCommand(["record", receiver.devicePath, "--output", file], mergingStandardError: true)
        #expect(await waiting.waitForOutput { $0.contains("is in use by another process") }, "\(waiting.output)")
        #expect(await waiting.interrupt() == 0, "\(waiting.output)")
        #expect(waiting.output.contains("gps: nothing recorded, the device never opened: \(file) was not kept"), "\(waiting.output)")
        #expect(!FileManager.default.fileExists(atPath: file))

        close(holder)
        let next = try BackgroundCommand(["record", receiver.devicePath, "--output", file], mergingStandardError: true)
        #expect(await next.waitForOutput { $0.contains("into \(file); Ctrl-C to stop") }, "\(next.output)")
        #expect(await next.interrupt() == 0)
        #expect(FileManager.default.fileExists(atPath: file), "a file with its header: the device opened")
    }
}
