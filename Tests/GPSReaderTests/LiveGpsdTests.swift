import Foundation
import Testing
import TestSupport

/// The strongest conformance check there is: Debian's gpsd, run live beside us on the same
/// bytes (the bundled sample drive), must report the same fixes, epoch by epoch.
@Suite("gpsd as a live peer", .enabled(if: LiveGpsd.gpsfake != nil, "\(LiveGpsd.missingMessage)"))
struct LiveGpsdTests {
    @Test("gpsd and we report the same fixes for the sample drive")
    func sampleDriveAgrees() async throws {
        let capture = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea")
        let bytes = try [UInt8](Data(contentsOf: capture))
        let version = try await LiveGpsd.version()
        let output = try await LiveGpsd.replay(capture.path)
        let comparison = try GpsdComparison(nmea: bytes, gpsdOutput: output)
        let tally = comparison.tally
        #expect(tally.compared + tally.onlyOurs == 90, "\(version): \(tally)")
        #expect(tally.rolloverDates == 0 && tally.otherDates == 0, "\(comparison.examples)")
        #expect(tally.positions == 0 && tally.altitudes == 0 && tally.modes == 0, "\(comparison.examples)")
        #expect(tally.onlyGpsd == 0, "\(comparison.examples)")
        // 10:00:08, the first epoch with a fix: gpsd reports nothing while it settles on the
        // receiver's cycle, as it does on the corpus logs. On a loaded machine it may miss a
        // few more at the start (gpsfake gives its WATCH a fixed 1.4 s to take hold), never one
        // after its first report.
        #expect(tally.onlyOurs >= 1, "\(tally) \(comparison.examples)")
        let firstGpsd = try #require(comparison.firstGpsdTime, "gpsd reported no fix")
        #expect(comparison.onlyOursTimes.allSatisfy { $0 < firstGpsd }, "\(tally) \(comparison.examples)")
    }
}
