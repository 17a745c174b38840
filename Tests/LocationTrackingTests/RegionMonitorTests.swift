import Foundation
import LocationTracking
import Testing

/// `RegionMonitor`: circular regions, their first state, entries and exits, with hysteresis.
@Suite("Region monitoring")
struct RegionMonitorTests {
    private static let marienplatz = Coordinate(latitude: 48.137_154, longitude: 11.576_124)
    private static let home = CircularRegion.named("home", at: marienplatz, radius: 100)

    /// A fix `metres` from Marienplatz, due east, with this accuracy.
    private static func fix(at metres: Double, accuracy: Double? = 3) -> Location {
        Track.fix(0, metres, from: marienplatz, accuracy: accuracy)
    }

    @Test("a region is made of a centre, a radius of 0 or more and an identifier; anything else is no region")
    func regionValidity() {
        #expect(CircularRegion(center: Self.marienplatz, radius: 0, identifier: "spot") != nil)
        #expect(CircularRegion(center: Self.marienplatz, radius: -1, identifier: "x") == nil)
        #expect(CircularRegion(center: Self.marienplatz, radius: .nan, identifier: "x") == nil)
        #expect(CircularRegion(center: Self.marienplatz, radius: .infinity, identifier: "x") == nil)
        #expect(CircularRegion(center: Self.marienplatz, radius: 10, identifier: "") == nil)
        #expect(CircularRegion(center: Coordinate(latitude: 91, longitude: 0), radius: 10, identifier: "x") == nil)
    }

    @Test("every region is unknown until the first fix, which determines it inside or outside, as CLMonitor reports it")
    func firstStateIsDetermined() {
        let far = CircularRegion.named("far", at: Track.coordinate(5_000, 0, from: Self.marienplatz), radius: 100)
        var monitor = RegionMonitor(regions: [Self.home, far])
        #expect(monitor.state(ofRegion: "home") == .unknown)
        #expect(monitor.state(ofRegion: "far") == .unknown)
        #expect(monitor.lines(after: [Self.fix(at: 40)]) == ["home inside", "far outside"])
        #expect(monitor.state(ofRegion: "home") == .inside)
        #expect(monitor.state(ofRegion: "far") == .outside)
        #expect(monitor.lines(after: [Self.fix(at: 50)]).isEmpty, "nothing changed")
        #expect(monitor.state(ofRegion: "nowhere") == .unknown)
    }

    @Test("a fix exactly on the radius is inside: it determines the region inside and enters it")
    func exactlyOnTheRadius() {
        let onCircle = Track.coordinate(61.8, 78.3, from: Self.marienplatz)
        let radius = onCircle.distance(from: Self.marienplatz)  // the fix is on the circle by definition
        let region = CircularRegion.named("circle", at: Self.marienplatz, radius: radius)
        let fix = Location(coordinate: onCircle, horizontalAccuracy: 3)
        #expect(region.contains(onCircle))

        var fresh = RegionMonitor(regions: [region])
        #expect(fresh.lines(after: [fix]) == ["circle inside"])
        var outside = RegionMonitor(regions: [region])
        #expect(outside.lines(after: [Self.fix(at: 300), fix]) == ["circle outside", "circle entered"])
        let smaller = CircularRegion.named("smaller", at: Self.marienplatz, radius: radius - 0.001)
        var beyond = RegionMonitor(regions: [smaller])
        #expect(beyond.lines(after: [fix]) == ["smaller outside"], "a millimetre past the circle is outside")
    }

    @Test("a fix within the radius enters; only a fix outside by the margin, 2 × accuracy and at least 5 m, exits")
    func enterAndExit() {
        var monitor = RegionMonitor(regions: [Self.home])
        #expect(monitor.lines(after: [Self.fix(at: 150)]) == ["home outside"])
        #expect(monitor.lines(after: [Self.fix(at: 100.5)]).isEmpty, "outside by half a metre: not in yet")
        #expect(monitor.lines(after: [Self.fix(at: 99.5)]) == ["home entered"])
        // Accuracy 3 m: the margin is max(5, 6) = 6 m.
        #expect(monitor.lines(after: [Self.fix(at: 105.9)]).isEmpty, "within the margin: still inside")
        #expect(monitor.state(ofRegion: "home") == .inside)
        #expect(monitor.lines(after: [Self.fix(at: 106.1)]) == ["home exited"])
        #expect(monitor.state(ofRegion: "home") == .outside)
        // A very accurate fix still needs the 5 m minimum.
        #expect(monitor.lines(after: [Self.fix(at: 90), Self.fix(at: 104.9, accuracy: 0.5)]) == ["home entered"])
        #expect(monitor.lines(after: [Self.fix(at: 105.1, accuracy: 0.5)]) == ["home exited"])
    }

    @Test("jitter of a few metres around the boundary does not flap: one entry, no exit")
    func jitterDoesNotFlap() {
        var monitor = RegionMonitor(regions: [Self.home])
        let approach = [160.0, 140, 120, 104].map { Self.fix(at: $0) }
        // A receiver parked on the boundary: ±4 m of noise, accuracy 3 m (margin 6 m).
        let jitter = [98.0, 103, 101, 96.5, 104.5, 99, 102.5, 97, 105, 100.2, 103.8, 98.6].map { Self.fix(at: $0) }
        #expect(monitor.lines(after: approach) == ["home outside"])
        #expect(monitor.lines(after: jitter) == ["home entered"])
        #expect(monitor.lines(after: [Self.fix(at: 130)]) == ["home exited"], "leaving for real exits")
    }

    @Test("a poor-accuracy fix near the edge does not exit; an accurate one at the same place does")
    func poorAccuracyNearTheEdge() {
        var monitor = RegionMonitor(regions: [Self.home])
        #expect(monitor.lines(after: [Self.fix(at: 50)]) == ["home inside"])
        // ± 50 m: the margin is 100 m, and 130 m from the centre is only 30 m out.
        #expect(monitor.lines(after: [Self.fix(at: 130, accuracy: 50)]).isEmpty)
        #expect(monitor.lines(after: [Self.fix(at: 199, accuracy: 50)]).isEmpty, "1 m short of radius + margin")
        #expect(monitor.state(ofRegion: "home") == .inside)
        #expect(monitor.lines(after: [Self.fix(at: 130, accuracy: 4)]) == ["home exited"])
        // Entering is not held back by a poor accuracy: a fix within the radius enters.
        #expect(monitor.lines(after: [Self.fix(at: 95, accuracy: 50)]) == ["home entered"])
    }

    @Test("a fix without an accuracy is taken as 7.5 m, so the exit margin is 15 m")
    func accuracyNil() {
        var monitor = RegionMonitor(regions: [Self.home])
        #expect(monitor.lines(after: [Self.fix(at: 10, accuracy: nil)]) == ["home inside"])
        #expect(monitor.lines(after: [Self.fix(at: 114.9, accuracy: nil)]).isEmpty)
        #expect(monitor.lines(after: [Self.fix(at: 115.1, accuracy: nil)]) == ["home exited"])
        #expect(RegionHysteresis().exitMargin(forAccuracy: nil) == 15)
        #expect(RegionHysteresis().exitMargin(forAccuracy: .nan) == 15)
        #expect(RegionHysteresis().exitMargin(forAccuracy: 1) == 5)
        #expect(RegionHysteresis().exitMargin(forAccuracy: 20) == 40)
    }

    @Test("a region across the antimeridian contains points on both sides of it")
    func antimeridian() {
        let center = Coordinate(latitude: -16.5, longitude: 179.9995)  // Fiji's Taveuni
        let region = CircularRegion.named("dateline", at: center, radius: 150)
        let west = Coordinate(latitude: -16.5, longitude: -179.9995)  // 107 m away, across 180°
        #expect(abs(west.distance(from: center) - 106.7) < 0.5)
        var monitor = RegionMonitor(regions: [region])
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: -16.5, longitude: -179.99))])
            == ["dateline outside"])
        #expect(monitor.lines(after: [Location(coordinate: west)]) == ["dateline entered"])
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: -16.5, longitude: 179.9980))]).isEmpty,
                "160 m west of the centre, within the margin")
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: -16.5, longitude: 179.9970))])
            == ["dateline exited"])
    }

    @Test("a region at the north pole contains every longitude near it")
    func northPole() {
        let region = CircularRegion.named("pole", at: Coordinate(latitude: 90, longitude: 0), radius: 60)
        var monitor = RegionMonitor(regions: [region])
        // 0.0005° of latitude from the pole is 55.8 m, whatever the longitude.
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: 89.9995, longitude: 123))]) == ["pole inside"])
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: 89.9995, longitude: -57))]).isEmpty)
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: 89.999, longitude: -179.9), horizontalAccuracy: 2)])
            == ["pole exited"], "111.7 m from the pole")
        let south = CircularRegion.named("south", at: Coordinate(latitude: -89.9995, longitude: 0), radius: 120)
        var southern = RegionMonitor(regions: [south])
        #expect(southern.lines(after: [Location(coordinate: Coordinate(latitude: -89.9995, longitude: 180))]) == ["south inside"],
                "across the south pole, 111.7 m")
    }

    @Test("events come in the order the regions were added; re-adding replaces, removing stops events")
    func orderReplaceRemove() {
        let small = CircularRegion.named("small", at: Self.marienplatz, radius: 20)
        let big = CircularRegion.named("big", at: Self.marienplatz, radius: 500)
        var monitor = RegionMonitor(regions: [small, Self.home, big])
        #expect(monitor.lines(after: [Self.fix(at: 1_000)]) == ["small outside", "home outside", "big outside"])
        #expect(monitor.lines(after: [Self.fix(at: 10)]) == ["small entered", "home entered", "big entered"])

        monitor.add(CircularRegion.named("home", at: Self.marienplatz, radius: 5))
        #expect(monitor.regions.map(\.identifier) == ["small", "home", "big"], "replaced in its place")
        #expect(monitor.state(ofRegion: "home") == .unknown)
        #expect(monitor.lines(after: [Self.fix(at: 10)]) == ["home outside"])

        #expect(monitor.remove(identifier: "small") == small)
        #expect(monitor.remove(identifier: "small") == nil)
        #expect(monitor.lines(after: [Self.fix(at: 2_000, accuracy: 1)]) == ["big exited"])
        #expect(monitor.regions.map(\.identifier) == ["home", "big"])
    }

    @Test("each event carries the fix that caused it")
    func eventCarriesItsFix() throws {
        var monitor = RegionMonitor(regions: [Self.home])
        let fix = Self.fix(at: 20)
        let event = try #require(monitor.update(with: fix).first)
        #expect(event.location == fix)
        #expect(event.region == Self.home)
        #expect(event.state == .inside)
    }

    @Test("a fix whose coordinate is not valid changes nothing")
    func invalidCoordinate() {
        var monitor = RegionMonitor(regions: [Self.home])
        #expect(monitor.lines(after: [Location(coordinate: Coordinate(latitude: .nan, longitude: 0))]).isEmpty)
        #expect(monitor.state(ofRegion: "home") == .unknown)
    }

    @Test("the chord shortcut decides exactly as the geodesic alone: 300 regions, 2,000 fixes around the world")
    func shortcutAgreesWithGeodesic() {
        var generator = SplitMix(seed: 20)
        let hysteresis = RegionHysteresis()
        var regions: [CircularRegion] = []
        for index in 0..<300 {
            let center = Coordinate(latitude: generator.next(in: -90...90), longitude: generator.next(in: -180...180))
            regions.append(.named("r\(index)", at: center, radius: generator.next(in: 0...2_000)))
        }
        var monitor = RegionMonitor(regions: regions, hysteresis: hysteresis)
        var reference = [RegionState](repeating: .unknown, count: regions.count)
        var changes = 0
        for step in 0..<2_000 {
            // Eight fixes in a row near one region's boundary, where the shortcut must not decide
            // and the region is entered, held and exited.
            let region = regions[step / 8 % regions.count]
            // One in four within a few millimetres of the radius, where the bounds cannot decide.
            let offset = step % 4 == 0 ? generator.next(in: -0.005...0.005) : generator.next(in: -30...30)
            let distance = region.radius + offset
            let bearing = generator.next(in: 0..<360) * .pi / 180
            let coordinate = Track.coordinate(distance * cos(bearing), distance * sin(bearing), from: region.center)
            guard coordinate.isValid else { continue }  // past a pole on the flat approximation
            let fix = Location(coordinate: coordinate, horizontalAccuracy: generator.next(in: 0...20))
            var expected: [String] = []
            let margin = hysteresis.exitMargin(forAccuracy: fix.horizontalAccuracy)
            for (index, region) in regions.enumerated() {
                let d = coordinate.distance(from: region.center)
                switch reference[index] {
                case .unknown:
                    reference[index] = d <= region.radius ? .inside : .outside
                    expected.append("\(region.identifier) \(d <= region.radius ? "inside" : "outside")")
                case .outside where d <= region.radius:
                    reference[index] = .inside
                    expected.append("\(region.identifier) entered")
                case .inside where d > region.radius + margin:
                    reference[index] = .outside
                    expected.append("\(region.identifier) exited")
                default: break
                }
            }
            let got = monitor.update(with: fix).map(\.line)
            changes += step > 0 ? got.count : 0
            #expect(got == expected, "step \(step)")
            if got != expected { break }
        }
        #expect(changes > 200, "the walk crosses boundaries often")
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextBits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(nextBits() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    mutating func next(in range: Range<Double>) -> Double {
        range.lowerBound + Double(nextBits() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
