import LocationTracking
import Testing

/// `SatelliteView`: what a screen shows of the sky.
@Suite("Satellite view")
struct SatelliteViewTests {
    @Test("counts satellites in view and used, and finds the best signal")
    func counts() {
        let view = SatelliteView(satellites: [
            Satellite(constellation: .gps, id: 5, elevation: 40, azimuth: 120, signalStrength: 44, isUsed: true),
            Satellite(constellation: .glonass, id: 71, elevation: 12, azimuth: 300, signalStrength: 31),
            Satellite(constellation: .galileo, id: 3, isUsed: true),
            Satellite(constellation: .sbas, id: 46),
        ])
        #expect(view.inViewCount == 4)
        #expect(view.usedCount == 2)
        #expect(view.bestSignalStrength == 44)
    }

    @Test("an empty sky has no best signal")
    func emptySky() {
        let view = SatelliteView()
        #expect(view.inViewCount == 0)
        #expect(view.usedCount == 0)
        #expect(view.bestSignalStrength == nil)
    }
}
