import Foundation
@testable import LocationTracking
import Testing

/// `distance(from:)` against published geodesic distances on WGS-84: Vincenty's own example
/// and GeographicLib's test suite (Karney), which is exact to the nanometre.
@Suite("Geodesic distance")
struct DistanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Coordinate
        let to: Coordinate
        let metres: Double
        /// How exactly the reference gives the distance.
        let tolerance: Double
        var testDescription: String { name }

        init(
            _ name: String, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double, _ metres: Double,
            tolerance: Double = 0.001
        ) {
            self.name = name
            from = Coordinate(latitude: lat1, longitude: lon1)
            to = Coordinate(latitude: lat2, longitude: lon2)
            self.metres = metres
            self.tolerance = tolerance
        }
    }

    /// Vincenty (1975) and Geoscience Australia's worked example, on GRS80 (which differs from
    /// WGS-84 by far less than a millimetre over this line).
    static let flindersPeakToBuninyong = Case(
        "Flinders Peak to Buninyong",
        -(37 + 57 / 60 + 3.720_30 / 3600), 144 + 25 / 60 + 29.524_40 / 3600,
        -(37 + 39 / 60 + 10.156_10 / 3600), 143 + 55 / 60 + 35.383_90 / 3600,
        54_972.271)

    /// GeographicLib's `testinverse` cases (longitudes past 180° brought into range) and
    /// GeodSolve0 (JFK to CDG, given to the metre) and GeodSolve4 (a 7 cm line).
    static let ordinary = [
        flindersPeakToBuninyong,
        Case("GeographicLib 1", 35.60777, -139.44815, -11.17491, -69.95921, 8_935_244.560_481_830_5),
        Case("GeographicLib 2", 55.52454, 106.05087, 77.03196, 197.18234 - 360, 4_105_086.171_392_440_6),
        Case("GeographicLib 3", -21.97856, 142.59065, 41.84138, 98.56635, 8_394_328.894_657_671),
        Case("GeographicLib 4", -66.99028, 112.2363, -12.70631, 285.90344 - 360, 11_150_344.231_208_024_1),
        Case("GeographicLib 5", -17.42761, 173.34268, -15.84784, 5.93557, 16_076_603.163_118_067_3),
        Case("GeographicLib 6", 6.96833, 52.74123, -7.39675, 206.17291 - 360, 17_102_477.249_695_838_8),
        Case("GeographicLib 7", -87.85331, 85.66836, 66.48646, 16.09921, 17_286_615.314_714_464_5),
        Case("JFK to CDG", 40.6, -73.8, 49.016_666_67, 2.55, 5_853_226, tolerance: 0.5),
        Case("a 7 cm line", 36.493_349_428_792, 0, 36.493_349_428_792_01, 0.000_000_8, 0.072),
    ]

    /// Nearly antipodal pairs where Vincenty's iteration fails: GeographicLib's GeodSolve6, 9,
    /// 10 and 11, and exact antipodes whose geodesic runs over a pole.
    static let nearlyAntipodal = [
        Case("GeodSolve6 a", 88.202_499_451_857, 0, -88.202_499_451_857, 179.981_022_032_992_859_592, 20_003_898.214),
        Case("GeodSolve6 b", 89.262_080_389_218, 0, -89.262_080_389_218, 179.992_207_982_775_375_662, 20_003_925.854),
        Case("GeodSolve6 c", 89.333_123_580_033, 0, -89.333_123_580_032_997_687, 179.992_958_123_601_484_22,
             20_003_926.881),
        Case("GeodSolve9", 56.320_923_501_171, 0, -56.320_923_501_171, 179.664_747_671_772_880_215, 19_993_558.287),
        Case("GeodSolve10", 52.784_459_512_564, 0, -52.784_459_512_563_990_912, 179.634_407_464_943_777_557,
             19_991_596.095),
        Case("GeodSolve11", 48.522_876_735_459, 0, -48.522_876_735_458_982_93, 179.599_720_456_223_079_643,
             19_989_144.774),
        Case("equator to its antipode", 0, 0, 0, 180, 20_003_931.458_623_3),
        Case("near both poles", -89, -170, 89, 170, 19_783_938.137_637_18),
    ]

    @Test("matches published distances to the millimetre", arguments: ordinary + nearlyAntipodal)
    func publishedDistances(_ reference: Case) {
        let distance = reference.from.distance(from: reference.to)
        #expect(abs(distance - reference.metres) <= reference.tolerance, "got \(distance) m")
    }

    @Test("Vincenty's iteration fails on exact antipodes, where the fallback answers")
    func vincentyFailsOnAntipodes() {
        let failing = Self.nearlyAntipodal.filter { WGS84Geodesic.vincentyDistance(from: $0.from, to: $0.to) == nil }
        #expect(failing.map(\.name).contains("equator to its antipode"))
    }

    @Test("the fallback alone matches every nearly antipodal reference to the millimetre",
          arguments: nearlyAntipodal)
    func fallbackDistances(_ reference: Case) {
        let distance = WGS84Geodesic.distanceThroughMidpoint(from: reference.from, to: reference.to)
        #expect(abs(distance - reference.metres) <= reference.tolerance, "got \(distance) m")
    }

    @Test("is symmetric to a micrometre, zero for one point, and ignores altitude")
    func basicProperties() {
        let berlin = Fix.berlin, paris = Fix.paris
        #expect(abs(berlin.distance(from: paris) - paris.distance(from: berlin)) < 1e-6)
        #expect(berlin.distance(from: berlin) == 0)
        var high = berlin
        high.altitude = 9_000
        #expect(high.distance(from: paris) == berlin.distance(from: paris))
    }

    @Test("the chord in earth-centred coordinates bounds the geodesic from below, and longestGeodesic from above, tightly",
          arguments: [1.0, 50, 1_000, 20_000, 300_000, 900_000])
    func chordBounds(metres: Double) {
        var generator = SplitMix(seed: UInt64(metres))
        for _ in 0..<200 {
            let from = Coordinate(latitude: generator.next(in: -90...90), longitude: generator.next(in: -180...180))
            let bearing = generator.next(in: 0..<360) * .pi / 180
            let to = Track.coordinate(metres * cos(bearing), metres * sin(bearing), from: from)
            guard to.isValid else { continue }
            let geodesic = to.distance(from: from)
            let chord = EarthCenteredPoint(from).chord(to: EarthCenteredPoint(to))
            // The flat offsets stretch near the poles; the bound is for chords under 1,000 km.
            guard chord < 1_000_000 else { continue }
            let longest = EarthCenteredPoint.longestGeodesic(forChord: chord)
            // Up to Vincenty's own error: its iteration stops at 1e-12 rad, some micrometres.
            #expect(chord <= geodesic + 1e-4, "\(from) → \(to)")
            #expect(geodesic <= longest + 1e-4, "\(from) → \(to): \(geodesic) > \(longest)")
            // Tight: above the chord by its c³ term only, 1.01 c³ / 24 R² with R = 6,335 km.
            let cubed = chord * chord * chord
            #expect(longest - chord <= cubed / 9.5e14 + 1e-6)
        }
        #expect(EarthCenteredPoint.longestGeodesic(forChord: 1_000_000) == .infinity)
    }

    @Test("is NaN for a coordinate out of range or not finite")
    func invalidCoordinates() {
        let valid = Coordinate(latitude: 10, longitude: 10)
        #expect(valid.distance(from: Coordinate(latitude: 90.5, longitude: 0)).isNaN)
        #expect(valid.distance(from: Coordinate(latitude: 0, longitude: .nan)).isNaN)
    }
}
