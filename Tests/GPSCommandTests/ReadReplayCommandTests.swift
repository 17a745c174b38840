import Foundation
import Glibc
import GPSReader
import SerialPort
import Testing
import TestSupport

/// The `gps` command, run as a real process.
@Suite("gps command", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct CommandTests {
    @Test("gps replay of the sample drive at full speed prints one line per fix and exits 0")
    func replaySampleDrive() async throws {
        let outcome = try await CommandRunner.run(["replay", "Samples/captures/drive.nmea", "--rate", "0"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 90, "108 epochs: 8 of cold start and 10 in the tunnel without a fix")
        #expect(lines.first?.hasPrefix("2025-06-01T10:00:08.000Z    48.137400   11.575500    519.0 m    0.0 m/s  16 sat  hdop  0.6") == true)
        #expect(lines.contains { $0.hasPrefix("2025-06-01T10:00:57.000Z") } && !lines.contains { $0.hasPrefix("2025-06-01T10:00:58.000Z") },
                "the tunnel begins after 10:00:57")
        #expect(lines.last?.hasPrefix("2025-06-01T10:01:47.000Z") == true)
    }

    @Test("gps replay of a large generated capture at full speed prints every valid fix, in order, and exits 0",
          .enabled(if: SharedMaterial.root != nil, "\(SharedMaterial.missingMessage)"))
    func replayLargeCapture() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let capture = directory.appendingPathComponent("mixed.log")
        let generator = try #require(SharedMaterial.root).appendingPathComponent("bench/gen_nmea_log.py").path
        // Generating and counting take seconds: off the cooperative pool.
        let epochs = try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [generator, capture.path, directory.appendingPathComponent("ggarmc.log").path, "4000000"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            // Every epoch of the generated drive has one GGA; its quality field says whether it is a fix.
            let text = try String(contentsOf: capture, encoding: .utf8)
            return text.split(whereSeparator: \.isNewline).filter { line in
                line.hasPrefix("$GPGGA") && line.split(separator: ",", omittingEmptySubsequences: false)[6] != "0"
            }.count
        }
        #expect(epochs > 8000)

        let outcome = try await CommandRunner.run(["replay", capture.path, "--rate", "0"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let times = outcome.output.split(separator: "\n").map { $0.prefix(20) }
        #expect(times.count == epochs)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "in order, none twice")
    }

    @Test("gps replay of a file with no NMEA sentence says so and exits 1, as text and as JSON, paced or not")
    func replayWithoutSentences() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString).txt")
        let text = "root:x:0:0:root:/root:/bin/bash\n$GPGGA,no checksum here\n"
        try Data(text.utf8 + (0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["--rate", "0"], ["--rate", "50"], ["--rate", "0", "--json"], ["--rate", "50", "--json"]] {
            let outcome = try await CommandRunner.run(["replay", file.path] + arguments)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(outcome.errorOutput == "gps: no NMEA sentences, UBX or RTCM 3 frames in \(file.path): is it a capture of a receiver's output?\n",
                    "\(arguments)")
            #expect(outcome.output.isEmpty, "\(arguments)")
        }
    }

    @Test("gps replay of a u-blox capture prints a fix per navigation solution; without one it says what the capture holds, and exits 0")
    func replayOfBinaryFramesOnly() async throws {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else {
            print(SharedMaterial.missingMessage)
            return
        }
        // Two NAV-PVT epochs (its MANIFEST) among 16 UBX frames and 15 RTCM 3 frames.
        let log = folder.appendingPathComponent("ublox-f9p-rtcm.log").path
        let fixes = try await CommandRunner.run(["replay", log, "--rate", "0"])
        #expect(fixes.status == 0)
        #expect(fixes.errorOutput.isEmpty)
        #expect(fixes.output.split(separator: "\n").count == 2)
        // As docs/CommandLine.md shows it: the receiver's own accuracy, to the centimetre, and its corrections.
        #expect(fixes.output.hasPrefix(
            "2022-05-24T23:40:41.000Z    44.068811 -121.314090   1131.3 m    0.0 m/s  30 sat  hdop  0.5  ± 0.36 m  DGPS\n"),
            "\(fixes.output)")
        // Raw subframes only (RXM-SFRBX): frames, but no solution.
        let subframes = folder.appendingPathComponent("ublox-ned-m8t-sbfrx3.log").path
        for arguments in [["--rate", "0"], ["--rate", "0", "--json"]] {
            let outcome = try await CommandRunner.run(["replay", subframes] + arguments)
            #expect(outcome.status == 0, "\(arguments)")
            #expect(outcome.errorOutput == "gps: \(subframes) holds 165 UBX or RTCM 3 frames and no navigation solution "
                    + "(NAV-PVT, NAV-SOL, NAV-TIMEGPS…) nor NMEA sentence, so there are no fixes to print; a u-blox receiver "
                    + "sends fixes once NAV-PVT is on (docs/UBX.md)\n", "\(arguments)")
        }
    }

    @Test("gps replay of a capture whose epochs have no fix prints no line and exits 0; as JSON, a TPV of mode 1 each")
    func replayWithoutFix() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString).nmea")
        let bodies = ["120000", "120001", "120002"].flatMap {
            epoch($0, status: "V", quality: "0").filter { $0.hasPrefix("GPGGA") || $0.hasPrefix("GPRMC") }
        }
        try bodies.map(sentence).joined().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for rate in ["0", "50"] {
            let lines = try await CommandRunner.run(["replay", file.path, "--rate", rate])
            #expect(lines.status == 0, "\(lines.errorOutput)")
            #expect(lines.output.isEmpty && lines.errorOutput.isEmpty)
            let json = try await CommandRunner.run(["replay", file.path, "--rate", rate, "--json"])
            #expect(json.status == 0, "\(json.errorOutput)")
            let tpvs = json.output.split(whereSeparator: \.isNewline).filter { $0.hasPrefix(#"{"class":"TPV""#) }
            #expect(tpvs.count == 3 && tpvs.allSatisfy { $0.contains(#""mode":1"#) }, "\(json.output)")
        }
    }

    @Test("as a user outside the dialout group, gps read prints the remedy and exits 3")
    func permissionRemedy() async throws {
        let receiver = try VirtualReceiver()
        try #require(chmod(receiver.devicePath, 0o600) == 0)  // like crw-rw---- root:dialout
        let outcome = try await CommandRunner.run(["read", receiver.devicePath], asNobody: geteuid() == 0)
        #expect(outcome.status == 3)
        #expect(outcome.errorOutput.contains("Permission denied opening \(receiver.devicePath)"))
        #expect(outcome.errorOutput.contains("sudo usermod -aG dialout $USER"))
        #expect(outcome.errorOutput.contains("udev/60-gps.rules"))
        #expect(outcome.output.isEmpty)
    }

    @Test("gps read --json as a user outside the dialout group prints the remedy and exits 3, as the text does")
    func permissionRemedyJSON() async throws {
        let receiver = try VirtualReceiver()
        try #require(chmod(receiver.devicePath, 0o600) == 0)
        let outcome = try await CommandRunner.run(["read", receiver.devicePath, "--json"], asNobody: geteuid() == 0)
        #expect(outcome.status == 3)
        #expect(outcome.errorOutput.contains("Permission denied opening \(receiver.devicePath)"))
        #expect(outcome.errorOutput.contains("sudo usermod -aG dialout $USER"))
        #expect(outcome.output.isEmpty)
    }

    @Test("gps read --json --wait as a user outside the dialout group waits, and reads once access is granted",
          .enabled(if: geteuid() == 0, "needs root, to run gps as nobody"))
    func permissionWaitJSON() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "10"])
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let devicePath = String(simulator.output.prefix { $0 != " " })
        try #require(chmod(devicePath, 0o600) == 0)
        let reader = try BackgroundCommand(["read", link, "--json", "--wait"], asNobody: true, mergingStandardError: true)
        #expect(await reader.waitForOutput { $0.contains("Permission denied opening") })
        try #require(chmod(devicePath, 0o666) == 0)
        #expect(await reader.waitForOutput { $0.contains(#"{"class":"TPV""#) }, "\(reader.output)")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)
    }

    @Test("gps read into a pipe says each state once, a failure with what to do in one line, then the receiver's fixes once it is plugged in")
    func stateLinesOnStandardError() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let reader = try BackgroundCommand(["read", link], mergingStandardError: true)
        let missing = "gps: device not found: No device at \(link): No such file or directory (ENOENT). Plug the receiver in"
        #expect(await reader.waitForOutput { $0.contains(missing) }, "\(reader.output)")
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "10"])
        #expect(await reader.waitForOutput { $0.contains("gps: 3D fix") }, "\(reader.output)")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)
        let lines = reader.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "gps: checking access", "\(lines.prefix(3))")
        #expect(lines.filter { $0.contains("No device at") }.count == 1, "the failure once, not again as a log line: \(lines.prefix(4))")
    }

    @Test("gps read (and read --json) into a pipe that takes nothing for 3 s: the receiver is read on, the lines that would wait are left out and said once, then the newest fixes follow",
          arguments: [[], ["--json"]])
    func standardOutputThatStops(options: [String]) async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let link = base + ".pty", fifo = base + ".fifo"
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "100"])
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // This end stays open throughout, the pipe one page (F_SETPIPE_SZ): half a second of fix
        // lines fills it, an epoch or two of JSON.
        let pipe = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        defer { close(pipe) }
        #expect(fcntl(pipe, 1031, 4096) >= 0)
        // Standard output into the FIFO; standard error collected.
        let reader = try BackgroundCommand(shellScript: #"exec "$0" read \#(link) \#(options.joined(separator: " ")) 2>&1 >\#(fifo)"#)
        try await Task.sleep(for: .seconds(3))
        #expect(!reader.output.contains("left out"), "said once the output takes lines again, not before")
        // From here a reader that keeps up, with room for whatever it takes this process to
        // come back to the pipe: the lines go on without another gap.
        #expect(fcntl(pipe, 1031, 1 << 20) >= 0)
        var lines = ""
        let said = await eventually("the lines left out are said, and fixes follow") {
            lines += Self.readAvailable(pipe)
            let notice = reader.output.split(separator: "\n").first { $0.contains("left out") }
            return notice != nil && lines.split(whereSeparator: \.isNewline).count > 300
        }
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)
        let notices = reader.output.split(separator: "\n").filter { $0.contains("left out") }
        #expect(said && notices.count == 1, "\(reader.output)")
        // Up to three seconds of 100 epochs a second, less the page the pipe held.
        let count = notices.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(count > 0, "\(notices)")
        #expect(notices.first?.hasSuffix("standard output took none while they came (the receiver was read on; the newest follow)") == true)
        let isWhole: (Substring) -> Bool = options.isEmpty
            ? { $0.hasPrefix("2025-06-01T10:") && $0.hasSuffix(" m") }
            : { $0.hasPrefix(#"{"class":""#) && $0.hasSuffix("}") }
        #expect(lines.split(whereSeparator: \.isNewline).allSatisfy(isWhole), "\(lines.prefix(500))")
    }

    @Test("gps read | head -2: once its reader has gone, gps read ends with status 0")
    func readerOfStandardOutputGone() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "20"])
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let pipeline = try BackgroundCommand(
            shellScript: #"{ "$0" read \#(link) 2>/dev/null; echo "gps exited $?" >&2; } | head -2"#, mergingStandardError: true)
        #expect(await pipeline.waitForExit() == 0)
        let lines = pipeline.output.split(separator: "\n")
        #expect(lines.count == 3 && lines.filter { $0.hasPrefix("2025-06-01T10:") }.count == 2, "\(pipeline.output)")
        #expect(lines.contains("gps exited 0"), "\(pipeline.output)")
        #expect(await simulator.interrupt() == 0)
    }

    /// What `descriptor` (non-blocking) holds now, as text.
    private static func readAvailable(_ descriptor: CInt) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let count = read(descriptor, &chunk, chunk.count), count > 0 { bytes += chunk[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("gps read follows gps simulate --pty through a link; Ctrl-C ends both with status 0")
    func simulateAndRead() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "20"])
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let reader = try BackgroundCommand(["read", link])
        #expect(await reader.waitForOutput { $0.split(separator: "\n").count >= 3 }, "fixes arrive")
        #expect(await reader.interrupt() == 0)
        #expect(reader.output.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("2025-06-01T10:") && $0.hasSuffix(" m") })
        #expect(await simulator.interrupt() == 0)
        #expect(!FileManager.default.fileExists(atPath: link), "the simulator removes its link on Ctrl-C")
    }

    @Test("gps simulate sends each epoch as one burst: at half a fix a second, every fix read has its GGA and its RMC")
    func simulateSendsEpochsWhole() async throws {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString).nmea")
        let bodies = ["120000", "120001", "120002"].flatMap { epoch($0).filter { $0.hasPrefix("GPGGA") || $0.hasPrefix("GPRMC") } }
        try bodies.map(sentence).joined().write(to: capture, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: capture) }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        // Spread evenly, the two sentences would be a second apart: the reader would cut each epoch at the gap.
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "0.5", capture.path])
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let reader = try BackgroundCommand(["read", link])
        #expect(await reader.waitForOutput { $0.split(separator: "\n").count >= 4 }, "fixes arrive")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)
        let fixes = reader.output.split(separator: "\n").dropFirst()
        #expect(!fixes.isEmpty)
        for fix in fixes {
            #expect(fix.contains(" 11.5 m/s") && fix.contains(" 8 sat"), "speed from RMC, satellites from GGA: \(fix)")
        }
    }

    @Test("the committed sample drive is what gps simulate --write generates")
    func sampleDriveIsGenerated() async throws {
        let outcome = try await CommandRunner.run(["simulate", "--write", "-"])
        let committed = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/captures/drive.nmea"), encoding: .utf8)
        #expect(outcome.status == 0)
        #expect(outcome.output == committed, "regenerate: swift run gps simulate --write Samples/captures/drive.nmea")
        #expect(committed.utf8.count < 100_000)
    }

    @Test("the committed udev rules are what gps udev-rules prints")
    func udevRulesAreGenerated() async throws {
        let outcome = try await CommandRunner.run(["udev-rules"])
        let committed = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("udev/60-gps.rules"), encoding: .utf8)
        #expect(outcome.status == 0)
        #expect(outcome.output == committed, "regenerate: swift run gps udev-rules > udev/60-gps.rules")
    }

    @Test("a wrong command line exits 2 with the problem and a hint on standard error; --help exits 0")
    func usage() async throws {
        let wrong = try await CommandRunner.run(["replay"])
        #expect(wrong.status == 2)
        #expect(wrong.errorOutput == "gps replay needs a FILE. Try `gps replay --help`.\n")
        #expect(wrong.output.isEmpty)
        // A speed no port accepts is a wrong command line too, not a device failing every 2 s.
        let speed = try await CommandRunner.run(["read", "/dev/null", "--baud", "1234"])
        #expect(speed.status == 2)
        #expect(speed.errorOutput == "gps read: --baud needs a speed in bit/s: 1200, 1800, 2400, 4800, 9600, 19200, 38400, "
            + "57600, 115200, 230400, 460800, 500000, 576000 or 921600, not \"1234\". Try `gps read --help`.\n")
        #expect(speed.output.isEmpty)
        let help = try await CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("\nOUTPUT (one line per fix, standard output)\n"))
        #expect(help.output.contains("\nEXIT STATUS\n"))
        let replayHelp = try await CommandRunner.run(["replay", "--help"])
        #expect(replayHelp.status == 0)
        #expect(replayHelp.output.hasPrefix("gps replay: "))
        #expect(replayHelp.output.contains("\n  gps replay FILE [--rate X] "))
        #expect(replayHelp.errorOutput.isEmpty)
    }

    @Test("gps replay takes --rate=0, and FILE after --")
    func replayOptionForms() async throws {
        let outcome = try await CommandRunner.run(["replay", "--rate=0", "--", "Samples/captures/drive.nmea"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.split(separator: "\n").count == 90)
    }
}
