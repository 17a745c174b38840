import Foundation
import GPSReader
import LocationTracking
import Testing
import TestSupport

/// A receiver in simulator mode or fed a position by hand is not a fix: the provider reports
/// what it said, the manager does not deliver it.
@MainActor
@Suite("Simulated receiver")
struct SimulatedReceiverTests {
    @Test("a capture of a receiver in simulator mode (GGA quality 8, mode S) or manual input (7, M) delivers no fix")
    func simulatorModeDeliversNothing() async throws {
        let simulated = epoch("120000", quality: "8").map { $0.hasSuffix(",A") ? $0.dropLast() + "S" : $0 }
        let bodies = simulated + epoch("120001", quality: "7") + ["GPGLL,4807.0380,N,01131.0000,E,120002.00,A,S"]
            + epoch("120003")
        let provider = NMEALocationProvider(source: .capture(.bytes(Array(bodies.map(sentence).joined().utf8)), pace: .asFastAsPossible))
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()

        #expect(await provider.readingEnded() == ReadingSummary(fixes: 4, validFixes: 1))
        await eventually("the real fix reaches the screen") { screen.received.count == 1 }
        await settle()
        #expect(screen.received.map(\.quality) == [.gps])
        #expect(screen.received.compactMap(\.timestamp).map { Int($0.timeIntervalSince1970) % 60 } == [3])
    }

    @Test("a demo that accepts simulated fixes gets them")
    func simulatedFixesOnRequest() async throws {
        let bodies = epoch("120000", quality: "8") + epoch("120001", quality: "8")
        let provider = NMEALocationProvider(source: .capture(.bytes(Array(bodies.map(sentence).joined().utf8)), pace: .asFastAsPossible))
        let screen = RecordingScreen(provider: provider)
        screen.manager.acceptsSimulatedFixes = true
        screen.startTrackingLocation()

        #expect(await provider.readingEnded() == ReadingSummary(fixes: 2, validFixes: 0))
        await eventually("a simulated fix reaches the screen") { !screen.received.isEmpty }
        #expect(screen.received.allSatisfy { $0.quality == .simulated })
    }
}
