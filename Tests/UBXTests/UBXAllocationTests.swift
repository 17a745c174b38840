import TestSupport
import Testing
import UBX

/// Decoding NAV-PVT and reading every satellite of a NAV-SAT allocate nothing: the message is a
/// view of the caller's bytes, NAV-SAT a view of its payload, each satellite a value decoded on
/// access. Counted in release builds only (`swift test -c release --filter Allocat`).
@Suite struct UBXAllocationTests {
    @Test(.enabled(if: AllocationCounter.isOptimizedBuild, "\(AllocationCounter.unoptimizedBuildMessage)"))
    func decodingNAVPVTAndIteratingNAVSATAllocateNothing() throws {
        let pvt = NAVPVTTests.payload()
        let blocks: [(UInt8, UInt8, UInt8, Int64, Int64, Int64, Int64)] = (0..<28).map { index in
            let number = UInt8(index)
            return (number % 7, 1 + number, 20 + number, Int64(index) * 3, Int64(index) * 12, -Int64(index), 0x191F)
        }
        let sat = NAVSATTests.payload(blocks)
        var folded = 0.0
        func run() {
            for _ in 0..<100 {
                pvt.withUnsafeBytes { bytes in
                    if let decoded = try? NAVPVT(UBXMessage(id: .navPVT, payload: bytes)) { folded += decoded.latitude + decoded.pdop }
                }
                sat.bytes.withUnsafeBytes { bytes in
                    guard let view = try? NAVSAT(UBXMessage(id: .navSAT, payload: bytes)) else { return }
                    for satellite in view {
                        folded += Double(satellite.carrierToNoise + (satellite.elevation ?? 0) + (satellite.azimuth ?? 0))
                        folded += satellite.pseudorangeResidual + (satellite.isUsed ? 1 : 0) + Double(satellite.satellite.gpsdPRN)
                    }
                }
            }
        }
        run()  // warm-up: lazy runtime metadata
        let allocations = AllocationCounter.allocations { run() }
        #expect(allocations == 0)
        #expect(folded != 0)
    }
}
