import Foundation
import LocationTracking
import Testing

/// `LocationFilter`: desired accuracy, distance filter and stillness decide which fixes are
/// delivered; regions see every accurate fix.
@Suite("Location filter")
struct LocationFilterTests {
    private static let origin = Coordinate(latitude: 52.520_008, longitude: 13.404_954)

    private static func fix(_ north: Double, second: Double = 0, speed: Double? = 0, accuracy: Double? = 3) -> Location {
        Track.fix(north, 0, from: origin, second: second, speed: speed, accuracy: accuracy)
    }

    /// Which of `fixes` the filter delivers, by index.
    private static func delivered(_ fixes: [Location], by filter: inout LocationFilter) -> [Int] {
        fixes.indices.filter { filter.consider(fixes[$0]).update != nil }
    }

    @Test("a filter with no settings delivers every fix, with or without an accuracy, and counts them")
    func defaultsDeliverEverything() {
        var filter = LocationFilter()
        let fixes = [Self.fix(0), Self.fix(0), Self.fix(0.1, accuracy: nil), Self.fix(0.2, accuracy: 900)]
        #expect(Self.delivered(fixes, by: &filter) == [0, 1, 2, 3])
        #expect(filter.counts == { var counts = LocationFilter.Counts(); counts.delivered = 4; return counts }())
        #expect(filter.lastDelivered == fixes.last)
        #expect(!filter.isStationary)
    }

    @Test("distance filter: the first fix, then each at least that far from the last delivered, held ones counted")
    func distanceFilter() {
        var filter = LocationFilter(distanceFilter: 10)
        let fixes = [0.0, 4, 9.9, 10, 15, 19.99, 20.5].map { Self.fix($0) }
        #expect(Self.delivered(fixes, by: &filter) == [0, 3, 6], "10 m exactly is far enough")
        #expect(filter.counts.withinDistanceFilter == 4)
        #expect(filter.counts.delivered == 3)
    }

    @Test("a distance filter of nil, zero, a negative value or NaN delivers every fix",
          arguments: [nil, 0.0, -5, .nan] as [Double?])
    func degenerateDistanceFilter(meters: Double?) {
        var filter = LocationFilter(distanceFilter: meters)
        #expect(Self.delivered([Self.fix(0), Self.fix(0), Self.fix(0)], by: &filter) == [0, 1, 2])
    }

    @Test("distances are geodesic: across the antimeridian and over the poles, neighbours stay neighbours")
    func distanceAcrossTheAntimeridianAndPoles() {
        // 22 m apart across 180°, and 22 m apart across the north pole: 40,000 km on a naive map.
        let pairs = [
            (Coordinate(latitude: 0, longitude: 179.9999), Coordinate(latitude: 0, longitude: -179.9999)),
            (Coordinate(latitude: 89.9999, longitude: 0), Coordinate(latitude: 89.9999, longitude: 180)),
            (Coordinate(latitude: -89.9999, longitude: 90), Coordinate(latitude: -89.9999, longitude: -90)),
        ]
        for (first, second) in pairs {
            #expect(abs(first.distance(from: second) - 22.3) < 0.2, "\(first) \(second)")
            var near = LocationFilter(distanceFilter: 50)
            #expect(Self.delivered([Location(coordinate: first), Location(coordinate: second)], by: &near) == [0])
            var far = LocationFilter(distanceFilter: 20)
            #expect(Self.delivered([Location(coordinate: first), Location(coordinate: second)], by: &far) == [0, 1])
        }
    }

    @Test("desired accuracy: a worse fix is held back and counted, an equal one delivered")
    func desiredAccuracy() {
        var filter = LocationFilter(desiredAccuracy: 10)
        let fixes = [Self.fix(0, accuracy: 12), Self.fix(1, accuracy: 10), Self.fix(2, accuracy: 48), Self.fix(3, accuracy: 2)]
        let outcomes = fixes.map { filter.consider($0) }
        #expect(outcomes.map(\.verdict) == [.inaccurate, .delivered, .inaccurate, .delivered])
        #expect(filter.counts.inaccurate == 2)
        #expect(filter.counts.delivered == 2)
        #expect(!filter.meetsDesiredAccuracy(fixes[0]))
        #expect(filter.meetsDesiredAccuracy(fixes[1]))
    }

    @Test("accuracy nil: held back when an accuracy is desired (unknown is not good enough), delivered when none is")
    func accuracyNil() {
        let unknown = Self.fix(0, accuracy: nil)
        var strict = LocationFilter(desiredAccuracy: 1_000)
        #expect(strict.consider(unknown).verdict == .inaccurate)
        #expect(strict.counts.inaccurate == 1)
        var lenient = LocationFilter()
        #expect(lenient.consider(unknown).verdict == .delivered)
        var everyEstimate = LocationFilter(desiredAccuracy: .infinity)
        #expect(everyEstimate.consider(unknown).verdict == .inaccurate)
        #expect(everyEstimate.consider(Self.fix(0, accuracy: 5_000)).verdict == .delivered)
    }

    @Test("an inaccurate fix changes no region; the distance filter does not hide a crossing from the regions")
    func regionsSeeAccurateFixesOnly() throws {
        let region = CircularRegion.named("gate", at: Track.coordinate(30, 0, from: Self.origin), radius: 10)
        var filter = LocationFilter(desiredAccuracy: 10, distanceFilter: 100, regions: [region])
        #expect(filter.consider(Self.fix(0)).regionEvents.map(\.line) == ["gate outside"])
        let inaccurateInside = filter.consider(Self.fix(30, accuracy: 40))
        #expect(inaccurateInside.verdict == .inaccurate)
        #expect(inaccurateInside.regionEvents.isEmpty)
        #expect(filter.regions.state(ofRegion: "gate") == .outside)
        let accurateInside = filter.consider(Self.fix(30))
        #expect(accurateInside.verdict == .withinDistanceFilter, "30 m from the last delivered")
        #expect(accurateInside.regionEvents.map(\.line) == ["gate entered"])
    }

    @Test("stillness: flagged on the update where it begins, after which delivery pauses until the fix where it ends")
    func stationary() {
        var filter = LocationFilter(stationaryDetection: StationaryDetection())
        var fixes: [Location] = []
        // Driving north at 10 m/s for 5 s, standing 30 s with ±2 m of noise, then driving on.
        for second in 0..<5 { fixes.append(Self.fix(Double(second) * 10, second: Double(second), speed: 10)) }
        let noise = [0.0, 1.5, -2, 0.5, 2, -1, 1, -1.5, 0, 2, -2, 1, 0.5, -0.5, 1.5]
        for second in 5..<35 {
            fixes.append(Self.fix(50 + noise[second % noise.count], second: Double(second), speed: 0.2))
        }
        for second in 35..<40 { fixes.append(Self.fix(50 + Double(second - 34) * 10, second: Double(second), speed: 10)) }

        let outcomes = fixes.map { filter.consider($0) }
        let delivered = outcomes.indices.filter { outcomes[$0].update != nil }
        // Still from second 5; 10 s later, at second 15, stillness begins.
        #expect(delivered == Array(0...15) + Array(35..<40))
        #expect(outcomes[15].update?.isStationary == true)
        #expect(outcomes.compactMap(\.update).filter(\.isStationary).count == 1)
        #expect(outcomes[35].update?.isStationary == false, "the fix where stillness ends")
        #expect(outcomes[16...34].allSatisfy { $0.verdict == .stationary })
        #expect(filter.counts.whileStationary == 19)
        #expect(!filter.isStationary)
    }

    @Test("stillness accounts for accuracy: the same 8 m of noise is still at ± 5 m and movement at ± 1 m")
    func stationaryAccountsForAccuracy() {
        func stillFixes(accuracy: Double) -> [Location] {
            (0..<20).map { Self.fix($0 % 2 == 0 ? 0 : 8, second: Double($0), speed: nil, accuracy: accuracy) }
        }
        var poor = LocationFilter(stationaryDetection: StationaryDetection())
        _ = stillFixes(accuracy: 5).map { poor.consider($0) }
        #expect(poor.isStationary, "8 m is within 5 m + 5 m + 5 m")
        var good = LocationFilter(stationaryDetection: StationaryDetection())
        _ = stillFixes(accuracy: 1).map { good.consider($0) }
        #expect(!good.isStationary, "8 m is beyond 5 m + 1 m + 1 m")
        var unknown = LocationFilter(stationaryDetection: StationaryDetection())
        _ = (0..<20).map { unknown.consider(Self.fix($0 % 2 == 0 ? 0 : 4, second: Double($0), speed: nil, accuracy: nil)) }
        #expect(unknown.isStationary, "without an accuracy, 4 m is within the 5 m radius alone")
    }

    @Test("a speed above the threshold is not still, wherever the fix is")
    func fastIsNotStill() {
        var filter = LocationFilter(stationaryDetection: StationaryDetection(maximumSpeed: 0.5))
        _ = (0..<30).map { filter.consider(Self.fix(0, second: Double($0), speed: 0.8)) }
        #expect(!filter.isStationary)
        #expect(filter.counts.delivered == 30)
    }

    @Test("the updates where stillness begins and ends are delivered whatever the distance filter")
    func stillnessOverridesTheDistanceFilter() {
        var filter = LocationFilter(distanceFilter: 500, stationaryDetection: StationaryDetection(duration: .seconds(3)))
        let fixes = (0..<6).map { Self.fix(0, second: Double($0)) } + [Self.fix(20, second: 6, speed: 5)]
        let outcomes = fixes.map { filter.consider($0) }
        #expect(outcomes.map(\.verdict) == [
            .delivered, .withinDistanceFilter, .withinDistanceFilter, .delivered, .stationary, .stationary, .delivered,
        ])
        #expect(outcomes[3].update?.isStationary == true)
        #expect(outcomes[6].update?.isStationary == false)
    }

    @Test("fixes without a timestamp are timed by their arrival; without either they never count as still")
    func stillnessWithoutTimestamps() {
        var untimed = Self.fix(0)
        untimed.timestamp = nil
        var byArrival = LocationFilter(stationaryDetection: StationaryDetection(duration: .seconds(2)))
        let verdicts = (0..<4).map { byArrival.consider(untimed, arrival: .seconds($0)).verdict }
        #expect(verdicts == [.delivered, .delivered, .delivered, .stationary])
        var blind = LocationFilter(stationaryDetection: StationaryDetection(duration: .seconds(2)))
        _ = (0..<10).map { _ in blind.consider(untimed) }
        #expect(!blind.isStationary)
        #expect(blind.counts.delivered == 10)
    }

    @Test("restart delivers the next fix whatever the distance, detects stillness afresh and keeps the regions")
    func restart() {
        let region = CircularRegion.named("here", at: Self.origin, radius: 50)
        var filter = LocationFilter(distanceFilter: 100, stationaryDetection: StationaryDetection(duration: .seconds(1)),
                                    regions: [region])
        _ = (0..<3).map { filter.consider(Self.fix(0, second: Double($0))) }
        #expect(filter.isStationary)
        filter.restart()
        #expect(!filter.isStationary)
        #expect(filter.lastDelivered == nil)
        let next = filter.consider(Self.fix(1, second: 3))
        #expect(next.verdict == .delivered)
        #expect(next.update?.isStationary == false)
        #expect(next.regionEvents.isEmpty, "the region stays inside")
        #expect(filter.regions.state(ofRegion: "here") == .inside)
    }
}
