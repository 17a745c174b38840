import Foundation
import LocationTracking
import Testing
import TestSupport

/// `gps read` and `gps replay` with `--distance-filter`, `--desired-accuracy` and `--region`,
/// run as real processes on the sample drive.
@Suite("gps filters and regions", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct FilterCommandTests {
    private static let drive = "Samples/captures/drive.nmea"
    /// Where the drive starts, the left turn it takes, and a stretch it drives in the tunnel.
    private static let regions = [
        "--region", "start:48.1374,11.5755,50", "--region", "turn:48.139316,11.578770,100",
        "--region", "tunnel:48.137627,11.581887,60",
    ]

    @Test("gps replay into a pipe prints the fixes the filter lets through and the region lines among them, in order")
    func replayWithRegions() async throws {
        let outcome = try await CommandRunner.run(["replay", Self.drive, "--rate", "0", "--distance-filter", "100"] + Self.regions)
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let lines = outcome.output.split(separator: "\n").map { $0.hasPrefix("2025") ? String($0.prefix(24)) : String($0) }
        #expect(lines == [
            "2025-06-01T10:00:08.000Z", "region start inside", "region turn outside", "region tunnel outside",
            "region start exited",  // 10:00:21, a fix the distance filter holds back
            "2025-06-01T10:00:25.000Z", "2025-06-01T10:00:33.000Z",
            "region turn entered",  // 10:00:34
            "2025-06-01T10:00:41.000Z", "2025-06-01T10:00:49.000Z",
            "region turn exited",  // 10:00:50
            "2025-06-01T10:00:57.000Z",
            // The tunnel region is crossed without a fix: it is never entered.
            "2025-06-01T10:01:08.000Z", "2025-06-01T10:01:16.000Z", "2025-06-01T10:01:24.000Z", "2025-06-01T10:01:32.000Z",
        ])
    }

    @Test("gps replay --desired-accuracy 5 prints the fixes of ± 4.5 m only; the others are not lines")
    func replayWithDesiredAccuracy() async throws {
        let outcome = try await CommandRunner.run(["replay", Self.drive, "--rate", "0", "--desired-accuracy", "5"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 31)
        #expect(lines.allSatisfy { $0.hasSuffix("hdop  0.6  ±  4.5 m") })
    }

    @Test("without the options gps replay prints all 90 fixes, as before")
    func replayUnfiltered() async throws {
        let outcome = try await CommandRunner.run(["replay", Self.drive, "--rate", "0"])
        #expect(outcome.output.split(separator: "\n").count == 90)
        #expect(!outcome.output.contains("region"))
    }

    @Test("gps read into a pipe: fixes at least 100 m apart, and the start region's lines among them as the drive loops")
    func readWithRegions() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "20"])
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let reader = try BackgroundCommand(["read", link, "--distance-filter", "100", "--region", "start:48.1374,11.5755,50"])
        // The drive loops every 5.4 s at 20x: wait for the start region to be left and reached again.
        #expect(await reader.waitForOutput { output in
            guard let exit = output.range(of: "region start exited") else { return false }
            return output[exit.upperBound...].contains("region start entered\n")
        }, "\(reader.output)")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)

        let lines = reader.output.split(separator: "\n").map(String.init)
        let regionLines = lines.filter { $0.hasPrefix("region ") }
        #expect(["region start inside", "region start outside"].contains(regionLines.first ?? ""), "the first state")
        let changes = regionLines.dropFirst()
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0 != $1 }, "entered and exited alternate: \(regionLines)")
        let fixes = lines.filter { $0.hasPrefix("2025-06-01T") }.map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return Coordinate(latitude: Double(fields[1])!, longitude: Double(fields[2])!)
        }
        #expect(fixes.count >= 2)
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $1.distance(from: $0) >= 99.9 }, "the distance filter")
    }

    // Every draw is read from the terminal's transcript, which gps starts after, not from the
    // screen: the first region state lasts three seconds of the drive at rate 4, from its second
    // second, and in a whole-suite run `capture-pane`, a process started each 50 ms, or a
    // transcript begun after gps, could miss it.
    @Test("the panel shows the regions' states and whether the receiver is moving",
          .enabled(if: TerminalSession.tmuxPath != nil, "\(TerminalSession.missingMessage)"))
    func panel() async throws {
        try await TerminalSession.run(["replay", Self.drive, "--rate", "4"] + Self.regions, columns: 80, rows: 30) { terminal throws in
            for row in [" Regions      start inside · turn outside · tunnel outside", " Motion       moving",
                        " Regions      start outside · turn inside · tunnel outside"] {
                let drawn = try await terminal.waitForDrawn(row)
                let shown = drawn ? "" : ((try? await terminal.screen().joined(separator: "\n")) ?? "")
                #expect(drawn, "never drawn: \(row); the screen:\n\(shown)")
            }
        }
    }
}
