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

/// Assembling u-blox epochs allocates nothing per message either.
@Suite("Fix assembler allocations, UBX")
struct FixAssemblerUBXAllocationTests {
    @Test("framing and assembling 200 epochs of NAV-PVT, NAV-SAT and NAV-EOE makes no heap allocation",
          .enabled(if: AllocationCounter.isOptimizedBuild, "\(AllocationCounter.unoptimizedBuildMessage)"))
    func noAllocationPerMessage() {
        // NAV-SAT version 1: iTOW, version, numSvs, reserved; 12 bytes a satellite, each used.
        func sky(_ iTOW: UInt32) -> [UInt8] {
            var payload = withUnsafeBytes(of: iTOW.littleEndian) { Array($0) } + [1, 20, 0, 0]
            for svId in 1...20 { payload += [0, UInt8(svId), 40, 45, 90, 0, 0, 0, 0x0F, 0, 0, 0] }
            return BinaryFrames.ubx(0x01, 0x35, payload)
        }
        let input = (0..<200).flatMap { second in
            var pvt = NAVPVTFrame()
            pvt.iTOW = UInt32(1000 * (second + 1))
            pvt.time = (hour: 12, minute: second / 60, second: second % 60, nanosecond: 0)
            return pvt.frame + sky(pvt.iTOW) + NAVPVTFrame.endOfEpoch(pvt.iTOW)
        }
        let stream = EpochStream()
        var fixes = 0
        var used = 0
        func run() {
            stream.append(input) { epoch in
                guard epoch.location != nil else { return }
                fixes += 1
                used += epoch.satellites?.usedCount ?? 0
            }
        }
        run()  // warm-up: lazy runtime metadata, the sky's buffers
        let allocations = AllocationCounter.allocations { run() }
        #expect(allocations == 0)
        #expect(fixes == 400)
        #expect(used == 400 * 20)
    }
}
