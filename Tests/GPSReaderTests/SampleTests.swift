import Foundation
import Testing

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
}
