import Foundation
import GPSReader
import LocationTracking
import Testing
import TestSupport

/// A recorded capture as the source: no device, no permission, the same flow.
@MainActor
@Suite("Replay")
struct ReplayTests {
    private static let sampleDrive = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path

    @Test("a capture file replays through the flow: the provider reports every epoch, the screen gets the newest")
    func replayFile() async throws {
        let provider = NMEALocationProvider(source: .capture(.file(Self.sampleDrive), pace: .asFastAsPossible))
        #expect(provider.authorizationStatus == .authorizedWhenInUse, "a capture needs no device access")
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()

        let summary = await provider.readingEnded()
        #expect(summary == ReadingSummary(fixes: 90, validFixes: 90))
        let last = try Date("2025-06-01T10:01:47Z", strategy: .iso8601)
        await eventually("the newest fix reaches the screen") { screen.received.last?.timestamp == last }
        // As fast as possible, the screen skips what came while it was busy, never out of order.
        let times = screen.received.compactMap(\.timestamp)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(screen.received.allSatisfy { $0.satellitesUsed == 16 && $0.mode == .threeDimensional })
    }

    @Test("fixes that are not valid are reported by the provider and dropped by the manager")
    func invalidFixesAreDropped() async throws {
        let text = (epoch("120000", status: "V") + epoch("120001") + epoch("120002", quality: "0") + epoch("120003"))
            .map(sentence).joined()
        let provider = NMEALocationProvider(source: .capture(.bytes(Array(text.utf8)), pace: .asFastAsPossible))
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()

        #expect(await provider.readingEnded() == ReadingSummary(fixes: 4, validFixes: 2))
        await eventually("the newest good fix reaches the screen") {
            screen.received.last.flatMap(\.timestamp).map { Int($0.timeIntervalSince1970) % 60 } == 3
        }
        #expect(screen.received.compactMap(\.timestamp).allSatisfy { [1, 3].contains(Int($0.timeIntervalSince1970) % 60) })
    }

    @Test("an unreadable capture is an error, and reading ends")
    func unreadableCapture() async {
        let provider = NMEALocationProvider(source: .capture(.file("/nonexistent/drive.nmea"), pace: .asFastAsPossible))
        let logger = RecordingLogger()
        let screen = RecordingScreen(provider: provider, logger: logger)
        screen.startTrackingLocation()

        #expect(await provider.readingEnded() == ReadingSummary())
        await eventually("the error is logged") { !logger.errors.isEmpty }
        #expect(logger.errors.first?.contains("Cannot read the capture /nonexistent/drive.nmea") == true)
    }
}
