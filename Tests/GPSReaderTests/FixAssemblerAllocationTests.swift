import Foundation
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport

/// Assembling fixes allocates nothing per sentence: the assembler keeps plain values only.
@Suite("Fix assembler allocations")
struct FixAssemblerAllocationTests {
    @Test("framing, decoding and assembling 200 epochs, satellites included, makes no heap allocation",
          .enabled(if: AllocationCounter.isOptimizedBuild, "\(AllocationCounter.unoptimizedBuildMessage)"))
    func noAllocationPerSentence() {
        let input = Array((0..<200).flatMap { second in
            withSatellites(epoch(String(format: "12%02d%02d", second / 60, second % 60))).map(sentence)
        }.joined().utf8)
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var fixes = 0
        var latitudeSum = 0.0
        var satellitesUsed = 0
        var bestSignals = 0.0
        func run() {
            framer.append(input) { result in
                guard case .success(let sentence) = result else { return }
                assembler.consume(sentence) { epoch in
                    guard let location = epoch.location else { return }
                    fixes += 1
                    latitudeSum += location.coordinate.latitude
                    satellitesUsed += epoch.satellites?.usedCount ?? 0
                    bestSignals += epoch.satellites?.bestSignalStrength ?? 0
                }
            }
        }
        run()  // warm-up: lazy runtime metadata
        let allocations = AllocationCounter.allocations { run() }
        #expect(allocations == 0)
        #expect(fixes > 390)
        #expect(latitudeSum > 0)
        #expect(satellitesUsed > 390 * 8)
        #expect(bestSignals > 390 * 30)
    }
}
