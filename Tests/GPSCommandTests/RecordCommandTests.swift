import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// `gps record` on a real pseudo-terminal: what it writes, that a SIGKILL loses no complete
/// line, that `gps replay` and gpsd's `gpsfake` play the recording, and a full disk.
@Suite("gps record", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct RecordCommandTests {
    /// gpsd's BU-353-S4 log without its `#` header: 25 epochs at 1 Hz, as the receiver sent them.
    private static let log: [UInt8]? = SharedMaterial.gpsdLogs
        .flatMap { FileManager.default.contents(atPath: $0.appendingPathComponent("bu353s4.log").path) }
        .map { [UInt8]($0).withoutComments }

    private static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gps-record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts `gps record DEVICE --output FILE extra…` and waits until it has opened the device.
    private func startRecording(_ receiver: VirtualReceiver, into file: String, _ extra: [String] = []) async throws -> BackgroundCommand {
        let recorder = try BackgroundCommand(["record", receiver.devicePath, "--output", file] + extra, mergingStandardError: true)
        try #require(await recorder.waitForOutput { $0.contains("gps: recording \(receiver.devicePath) into \(file); Ctrl-C to stop") },
                     "\(recorder.output)")
        return recorder
    }

    @Test("SIGKILL in a pause of the stream: every complete line is in the file, byte for byte; the line under way is not",
          .enabled(if: log != nil, "\(SharedMaterial.missingMessage)"))
    func sigkillLosesNoLine() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver()
        let file = folder + "/bu353s4.nmea"
        let recorder = try await startRecording(receiver, into: file)
        let lines = try #require(Self.log)
        try receiver.send(lines + Array("$GPGGA,030744.000,3747.08".utf8), timeout: .seconds(10))
        await eventually("gps record has read every byte") { (try? receiver.unreadByteCount()) == 0 }
        // The lines reach the file while the process lives: nothing waits for its end.
        await eventually("the complete lines are in the file") {
            (FileManager.default.contents(atPath: file).map { [UInt8]($0).withoutComments.count } ?? 0) >= lines.count
        }
        #expect(await recorder.end(with: SIGKILL) == 128 + SIGKILL)
        let recorded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(recorded.withoutComments.elementsEqual(lines))
        #expect(recorded.last == 0x0A, "the file ends on a whole line")
        let header = String(decoding: recorded.prefix(300), as: UTF8.self)
        #expect(header.hasPrefix("# Recorded by gps record from \(receiver.devicePath)\n# Date: "), "\(header)")

        // gps replay gives the same TPVs from the recording as from what was sent.
        let original = folder + "/sent.nmea"
        try Data(lines).write(to: URL(fileURLWithPath: original))
        let fromRecording = try await CommandRunner.run(["replay", file, "--rate", "0", "--json"])
        let fromOriginal = try await CommandRunner.run(["replay", original, "--rate", "0", "--json"])
        #expect(fromRecording.status == 0)
        let tpvs = { (output: String, device: String) in
            output.components(separatedBy: "\r\n").filter { $0.hasPrefix(#"{"class":"TPV""#) }
                .map { $0.replacingOccurrences(of: #","device":"\#(device)""#, with: "") }
        }
        #expect(tpvs(fromRecording.output, file).count == 25)
        #expect(tpvs(fromRecording.output, file) == tpvs(fromOriginal.output, original))
    }

    @Test("gpsfake (gpsd 3.22) plays the recording, header and all: the same TPVs as from the lines sent",
          .enabled(if: log != nil && GPSFake.path != nil, "gpsfake (gpsd-clients) or ../shared/corpus is missing"))
    func gpsfakePlaysRecording() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver()
        let file = folder + "/bu353s4.nmea"
        let recorder = try await startRecording(receiver, into: file)
        let lines = try #require(Self.log)
        try receiver.send(lines, timeout: .seconds(10))
        await eventually("the lines sent are in the file") { Self.recordedBody([file]) >= lines.count }
        let lineCount = (try? Data(contentsOf: URL(fileURLWithPath: file)))?.count { $0 == 0x0A } ?? 0
        #expect(await recorder.interrupt() == 0)
        #expect(recorder.output.contains("gps: recorded \(lines.count { $0 == 0x0A }) lines (\(lines.count) bytes) into \(file)"), "\(recorder.output) [\(lineCount) lines before Ctrl-C]")
        let original = folder + "/sent.nmea"
        try Data(lines).write(to: URL(fileURLWithPath: original))
        // A gpsfake run that reports nothing at all (its gpsd did not start in time under a
        // sanitizer's load) is run once more; what it printed is kept for the message.
        var printed: [String] = []
        let play = { (path: String) async throws -> [String] in
            for _ in 1...2 {
                let output = try await GPSFake.run(["-1", "-p", "-q", "-s", "38400", "-r", #"?WATCH={"json":true}"#, path]).output
                printed.append(String(output.suffix(500)))
                let tpvs = output.split(whereSeparator: \.isNewline).filter { $0.contains(#""class":"TPV""#) }
                    .map { String($0).replacingOccurrences(of: #","device":"[^"]*""#, with: "", options: .regularExpression) }
                if !tpvs.isEmpty { return tpvs }
            }
            return []
        }
        // gpsd's first reports of a run depend on when gpsfake's client joins and on the
        // machine's load: compare the TPVs of each second both runs reported.
        let byTime = { (tpvs: [String]) -> [String: String] in
            Dictionary(tpvs.compactMap { tpv in
                tpv.firstMatch(of: /"time":"([^"]+)"/).map { (String($0.1), tpv) }
            }, uniquingKeysWith: { first, _ in first })
        }
        let fromRecording = byTime(try await play(file)), fromOriginal = byTime(try await play(original))
        let common = Set(fromRecording.keys).intersection(fromOriginal.keys)
        #expect(common.count >= 20, "seconds in both: \(common.sorted()); gpsfake printed: \(printed)")
        for time in common.sorted() {
            #expect(fromRecording[time] == fromOriginal[time])
        }
    }

    @Test("gps record gpsd://: the NMEA a gps serve relays, none of gpsd's JSON answers; gps replay and gpsfake play the recording",
          .enabled(if: log != nil && GPSFake.path != nil, "gpsfake (gpsd-clients) or ../shared/corpus is missing"))
    func recordsGPSD() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = try #require(Self.log)
        let receiver = try VirtualReceiver()
        let playing = Task { while !Task.isCancelled { try? await receiver.play(lines, pace: .linesPerSecond(200)) } }
        defer { playing.cancel() }
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(port)"],
                                 mergingStandardError: true)
        defer { server.signal(SIGKILL) }
        try #require(await server.waitForOutput(until: { $0.contains("serving") }), "\(server.output)")
        let file = folder + "/gpsd.nmea"
        let recorder = try BackgroundCommand(["record", "gpsd://127.0.0.1:\(port)", "--output", file], mergingStandardError: true)
        try #require(await recorder.waitForOutput { $0.contains("into \(file); Ctrl-C to stop") }, "\(recorder.output)")
        await eventually("a pass of the log is recorded") { Self.recordedBody([file]) >= lines.count }
        #expect(await recorder.interrupt() == 0, "\(recorder.output)")
        // The server goes before anything else runs: a pipe another test's child was given
        // while it started is held until it exits.
        playing.cancel()
        server.signal(SIGINT)
        #expect(await server.waitForExit().status == 0)

        let recorded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(String(decoding: recorded.prefix(200), as: UTF8.self).hasPrefix("# Recorded by gps record from gpsd://127.0.0.1:\(port)\n"))
        let body = recorded.withoutComments.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(body.allSatisfy { $0.hasPrefix("$") }, "not NMEA: \(body.filter { !$0.hasPrefix("$") }.prefix(3))")
        let sent = Set(lines.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(body.allSatisfy { sent.contains($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "every line one the receiver sent")

        let replay = try await Spawned(CommandRunner.gpsPath!, ["replay", file, "--rate", "0", "--json"]).waitForExit(timeout: .seconds(60))
        #expect(replay.status == 0)
        #expect(replay.output.components(separatedBy: "\r\n").count { $0.hasPrefix(#"{"class":"TPV""#) && $0.contains(#""mode":3"#) } >= 20)
        let play = try await GPSFake.run(["-1", "-p", "-q", "-s", "38400", "-r", #"?WATCH={"json":true}"#, file])
        #expect(play.status == 0)
        #expect(play.output.split(whereSeparator: \.isNewline).count { $0.contains(#""class":"TPV""#) && $0.contains(#""mode":3"#) } >= 10,
                "\(play.output.suffix(1500))")
    }

    @Test("a full disk (a 64 KiB tmpfs): one message naming the file and ENOSPC, exit status 1, the file ending on a whole line",
          .enabled(if: geteuid() == 0 && SharedMaterial.gpsdLogs != nil, "needs root (mount -t tmpfs) and ../shared/corpus"))
    func fullDisk() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mount = try await Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder])
        try #require(mount.status == 0, "mount -t tmpfs: \(mount.output)")
        defer { _ = umount(folder) }
        let log = [UInt8](try Data(contentsOf: try #require(SharedMaterial.gpsdLogs).appendingPathComponent("bundg_zeus_9.log")))
        #expect(log.count > 128 * 1024, "more than the disk holds")
        let receiver = try VirtualReceiver()
        let file = folder + "/zeus.nmea"
        let recorder = try await startRecording(receiver, into: file)
        // A thread of its own: a send that waits for room blocks it, not the cooperative pool.
        Thread {
            for start in stride(from: 0, to: log.count, by: 4096) {
                // Once gps record has stopped reading, the pty fills and sending stops.
                do { try receiver.send(log[start..<min(start + 4096, log.count)], timeout: .seconds(5)) } catch { return }
            }
        }.start()
        #expect(await recorder.waitForExit() == 1, "\(recorder.output)")
        let messages = recorder.output.components(separatedBy: "\n").filter { $0.contains("No space left on device") }
        #expect(messages.count == 1, "\(recorder.output)")
        #expect(messages.first?.hasPrefix("gps: Cannot write \(file): No space left on device (ENOSPC).") == true)
        let recorded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(recorded.count > 32 * 1024)
        #expect(recorded.last == 0x0A, "the file ends on a whole line")
        let body = recorded.withoutComments
        #expect(log.withoutComments.starts(with: body), "what is there is what came, up to a line's end")
    }

    @Test("an existing file, or a piece of one when rotating, is not overwritten: exit status 1 and the remedy, before any device is opened")
    func existingFile() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/old.nmea"
        try Data("$GPTXT,old\n".utf8).write(to: URL(fileURLWithPath: file))
        let run = try await CommandRunner.run(["record", "/nonexistent/ttyUSB9", "--output", file])
        #expect(run.status == 1)
        #expect(run.errorOutput == "gps: \(file) exists: --append adds to it, --force replaces it, or choose another file.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("$GPTXT,old\n".utf8))

        // Rotating, a piece an earlier recording left would stop the recording at its first
        // rotation, hours in: it is refused at the start.
        let rotated = folder + "/ride.nmea"
        try Data("$GPTXT,old\n".utf8).write(to: URL(fileURLWithPath: rotated + ".1"))
        let refused = try await CommandRunner.run(["record", "/nonexistent/ttyUSB9", "--output", rotated, "--rotate", "1k"])
        #expect(refused.status == 1)
        #expect(refused.errorOutput == "gps: \(rotated).1 exists, a piece of an earlier recording: --append adds to its newest "
            + "piece, --force removes the pieces, or choose another file.\n")
        #expect(!FileManager.default.fileExists(atPath: rotated))
    }

    @Test("--force or --append on a link another user planted is refused with status 1, naming the link and its target")
    func plantedLink() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(chmod(folder, 0o777) == 0)
        let target = folder + "/passwd"
        let secret = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)
        #expect(FileManager.default.createFile(atPath: target, contents: secret, attributes: [.posixPermissions: 0o600]))
        let link = folder + "/ride.nmea"
        #expect(try await CommandRunner.run(["-s", target, link], asNobody: true, program: "/bin/ln").status == 0)
        for option in ["--force", "--append"] {
            // A recording that took the link would wait for the device: killed after 30 s.
            let gps = try #require(CommandRunner.gpsPath)
            let run = try await Spawned(gps, ["record", "/nonexistent/ttyUSB9", "--output", link, option], mergingStandardError: true)
                .waitForExit(timeout: .seconds(30))
            #expect(run.status == 1)
            #expect(run.output == "gps: \(link) is a symbolic link to \(target), and a recording does not write through links: "
                + "give the file itself (--output \(target)) to record into it.\n")
        }
        #expect(FileManager.default.contents(atPath: target) == secret)
    }

    @Test("--append adds to the file, --force replaces it; --rotate 1k makes pieces that end on whole lines, --force removes old ones",
          .enabled(if: log != nil, "\(SharedMaterial.missingMessage)"))
    func appendForceRotate() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = try #require(Self.log)
        let file = folder + "/r.nmea"
        for (options, expected) in [([] as [String], 1), (["--append", "--no-header"], 2), (["--force", "--no-header"], 1)] {
            let receiver = try VirtualReceiver()
            let recorder = try await startRecording(receiver, into: file, options)
            try receiver.send(lines, timeout: .seconds(10))
            await eventually("the lines sent are in the file") { Self.recordedBody([file]) >= lines.count * expected }
            #expect(await recorder.interrupt() == 0)
            let recorded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))).withoutComments
            #expect(recorded.count == lines.count * expected, "\(options)")
        }
        let receiver = try VirtualReceiver()
        let rotated = folder + "/rotated.nmea"
        let recorder = try await startRecording(receiver, into: rotated, ["--rotate", "1k", "--sync", "close"])
        try receiver.send(lines, timeout: .seconds(10))
        await eventually("the lines sent are in the pieces") { Self.recordedBody(Self.pieces(of: rotated)) >= lines.count }
        #expect(await recorder.interrupt() == 0)
        let pieces = Self.pieces(of: rotated)
        #expect(pieces.count >= 6)
        let joined = pieces.flatMap { piece -> [UInt8] in
            let bytes = [UInt8](FileManager.default.contents(atPath: piece) ?? Data())
            #expect(bytes.count <= 1024 && bytes.last == 0x0A, "\(piece)")
            return bytes.withoutComments
        }
        #expect(joined == lines)

        // --force removes the earlier recording's pieces at the start: the pieces there after
        // a shorter recording are its own alone.
        let fewer = Array(lines.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(40).joined(separator: [0x0A])) + [0x0A]
        let forcing = try VirtualReceiver()
        let forced = try await startRecording(forcing, into: rotated, ["--rotate", "1k", "--force"])
        try forcing.send(fewer, timeout: .seconds(10))
        await eventually("the lines sent are in the pieces") { Self.recordedBody(Self.pieces(of: rotated)) >= fewer.count }
        #expect(await forced.interrupt() == 0)
        let forcedPieces = Self.pieces(of: rotated)
        #expect(forcedPieces.count < pieces.count)
        #expect(forcedPieces.flatMap { [UInt8](FileManager.default.contents(atPath: $0) ?? Data()).withoutComments } == fewer)
        #expect(!FileManager.default.fileExists(atPath: "\(rotated).\(pieces.count - 1)"))
    }
}

extension RecordCommandTests {
    /// `path` and the pieces rotation made of it (`path.1`, `path.2`, …), in order.
    static func pieces(of path: String) -> [String] {
        [path] + (1...).lazy.map { "\(path).\($0)" }.prefix { FileManager.default.fileExists(atPath: $0) }
    }

    /// How many bytes of lines that are not `#` comments the files hold so far. The test waits for
    /// them, not for the pseudo-terminal's input queue to empty: the kernel moves what the receiver
    /// wrote into that queue later, so an empty queue does not mean every byte was read.
    static func recordedBody(_ paths: [String]) -> Int {
        paths.reduce(0) { total, path in
            total + (FileManager.default.contents(atPath: path).map { [UInt8]($0).withoutComments.count } ?? 0)
        }
    }
}

extension Array where Element == UInt8 {
    /// The lines that are not `#` comments, newlines kept.
    var withoutComments: [UInt8] {
        split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            .filter { $0.first != UInt8(ascii: "#") }
            .flatMap { Array($0) + [0x0A] }
    }
}
