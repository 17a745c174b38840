import Foundation
import GPSReader
import SerialPort
import Testing
import TestSupport

/// The samples, run as a user runs them.
@Suite("Samples", .enabled(if: CommandRunner.nearbyScreenPath != nil, "the NearbyScreen sample is not built beside the tests"))
struct SampleTests {
    @Test("NearbyScreen shows its state while acquiring, then the three places nearest the first fix, and exits 0")
    func nearbyScreen() async throws {
        let outcome = try await CommandRunner.run(
            ["Samples/captures/drive.nmea"], program: CommandRunner.nearbyScreenPath)
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Nearby · acquiring satellites")
        #expect(lines.contains("Nearby · acquiring satellites (27 in view)"), "the cold start's sky fills")
        #expect(lines.contains("Nearby · located"))
        // The first fix of the drive, at 10:00:08, is 54 m from Marienplatz.
        #expect(lines.suffix(4) == [
            "Nearby · looking up places near 48.13740, 11.57550",
            "1. Marienplatz               54 m  SE (121°)",
            "2. Frauenkirche             212 m  NW (310°)",
            "3. Viktualienmarkt          258 m  S  (168°)",
        ])
    }

    /// `TrackingScreen`, built beside `NearbyScreen`.
    private static let trackingScreenPath = CommandRunner.nearbyScreenPath.map {
        URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("TrackingScreen").path
    }

    @Test("TrackingScreen DEVICE prints the receiver's first good fix after its start delay, and exits 0")
    func trackingScreen() async throws {
        let drive = CommandRunner.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path
        var fixes: Set<String> = []
        for try await epoch in CaptureEpochs(.file(drive)) {
            if let fix = epoch.location, fix.isValidFix {
                fixes.insert("You are at \(fix.coordinate.latitude), \(fix.coordinate.longitude)")
            }
        }
        // The drive over and over, about four epochs a second: its start delay over, the screen
        // opens the device somewhere in the drive and prints the first good fix after that.
        let receiver = try VirtualReceiver()
        let sending = Task {
            while !Task.isCancelled { try await receiver.play(contentsOf: drive, pace: .linesPerSecond(50)) }
        }
        defer { sending.cancel() }

        // Bounded: a screen that never got a fix would wait for one forever (status 124).
        let screen = try #require(Self.trackingScreenPath)
        let outcome = try await CommandRunner.run(["30", screen, receiver.devicePath], program: "/usr/bin/timeout")
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        #expect(lines.allSatisfy(fixes.contains), "\(lines): a good fix of the drive")
    }
}
