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
        // Generating and counting take seconds: off the cooperative pool, as CommandRunner runs.
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
