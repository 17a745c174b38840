import Foundation
import GPSReader
import LocationTracking
import Testing
import TestSupport

/// `LocationFilter` and `Heading` on the sample drive (108 s near Munich: a cold start, 0 to
/// 50 km/h and back with two turns, a 10 s tunnel), read through the lossless path as
/// `gps replay` reads it.
@Suite("Filters on the sample drive")
struct FiltersOnSampleDriveTests {
    private static let sampleDrive = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path

    /// The drive's 90 valid fixes, in order.
    private static func fixes() async throws -> [Location] {
        var fixes: [Location] = []
        for try await epoch in CaptureEpochs(.file(sampleDrive)) {
            if let fix = epoch.location, fix.isValidFix { fixes.append(fix) }
        }
        return fixes
    }

    /// "10:00:08" for a fix of the drive.
    private static func time(_ location: Location) -> String {
        let seconds = Int(location.timestamp!.timeIntervalSince1970) % 86_400
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    @Test("every fix of the drive carries RMC's magnetic variation, 3.1° east")
    func magneticVariation() async throws {
        let fixes = try await Self.fixes()
        #expect(fixes.count == 90)
        #expect(fixes.allSatisfy { $0.magneticVariation == 3.1 && $0.heading == nil })
    }

    @Test("a 100 m distance filter keeps the first fix and then one about every 100 m, each at least that far from the last")
    func distanceFilter() async throws {
        let fixes = try await Self.fixes()
        var filter = LocationFilter(distanceFilter: 100)
        var delivered: [Location] = []
        for fix in fixes {
            if let update = filter.consider(fix).update { delivered.append(update.location) }
        }
        #expect(delivered.first == fixes.first)
        #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $1.distance(from: $0) >= 100 })
        // 107 m of speeding up to 10:00:25, then 8 s at 50 km/h each; the first fix after the
        // tunnel; and the last 73 m of braking are short of 100 m.
        #expect(delivered.map(Self.time) == [
            "10:00:08", "10:00:25", "10:00:33", "10:00:41", "10:00:49", "10:00:57", "10:01:08", "10:01:16", "10:01:24",
            "10:01:32",
        ])
        #expect(filter.counts.delivered + filter.counts.withinDistanceFilter == 90)
    }

    @Test("a desired accuracy of 5 m keeps the fixes at HDOP 0.6 (± 4.5 m) and counts the others")
    func desiredAccuracy() async throws {
        let fixes = try await Self.fixes()
        var filter = LocationFilter(desiredAccuracy: 5)
        let delivered = fixes.compactMap { filter.consider($0).update?.location }
        #expect(delivered.allSatisfy { $0.hdop == 0.6 && $0.horizontalAccuracy! <= 5 })
        #expect(delivered.count == 31, "every third driving second, less the three in the tunnel")
        #expect(filter.counts.inaccurate == 59)
    }

    @Test("regions along the drive: the start is left, one on the route is entered and exited, one crossed in the tunnel never is")
    func regions() async throws {
        let fixes = try await Self.fixes()
        let regions = [
            CircularRegion(center: Coordinate(latitude: 48.137_400, longitude: 11.575_500), radius: 50, identifier: "start")!,
            CircularRegion(center: Coordinate(latitude: 48.139_316, longitude: 11.578_770), radius: 100, identifier: "turn")!,
            // Where the drive is during the tunnel: 70 m or more from the last fix before it and
            // the first after.
            CircularRegion(center: Coordinate(latitude: 48.137_627, longitude: 11.581_887), radius: 60, identifier: "tunnel")!,
            CircularRegion(center: Coordinate(latitude: 50.110_9, longitude: 8.682_1), radius: 5_000, identifier: "frankfurt")!,
        ]
        var monitor = RegionMonitor(regions: regions)
        var lines: [String] = []
        for fix in fixes {
            for event in monitor.update(with: fix) {
                let kind = switch event.kind {
                case .determined(let state): "\(state)"
                case .entered: "entered"
                case .exited: "exited"
                }
                lines.append("\(Self.time(fix)) \(event.region.identifier) \(kind)")
            }
        }
        // 10:00:21 is 64 m from the start, past 50 m + 2 × 5.25 m; 10:00:50 is 110 m from the
        // turn's centre, past 100 m + 2 × 4.5 m.
        #expect(lines == [
            "10:00:08 start inside", "10:00:08 turn outside", "10:00:08 tunnel outside", "10:00:08 frankfurt outside",
            "10:00:21 start exited", "10:00:34 turn entered", "10:00:50 turn exited",
        ])
        #expect(regions.map { monitor.state(ofRegion: $0.identifier) } == [.outside, .outside, .outside, .outside])
    }

    @Test("the drive never stands still for 10 s, so no update is stationary and none is held back")
    func neverStationary() async throws {
        let fixes = try await Self.fixes()
        var filter = LocationFilter(stationaryDetection: StationaryDetection())
        let updates = fixes.compactMap { filter.consider($0).update }
        #expect(updates.count == 90)
        #expect(updates.allSatisfy { !$0.isStationary })
    }

    @Test("headings are the course over ground from 1 m/s, the magnetic one 3.1° less")
    func headings() async throws {
        let fixes = try await Self.fixes()
        let headings = fixes.compactMap { Heading($0) }
        #expect(headings.count == fixes.filter { $0.speed! >= 1 }.count)
        #expect(headings.count == 86, "the first and last two fixes are slower than 1 m/s")
        #expect(headings.allSatisfy { $0.source == .courseOverGround })
        #expect(headings.allSatisfy { abs(($0.trueHeading - $0.magneticHeading! + 360).truncatingRemainder(dividingBy: 360) - 3.1) < 1e-9 })
        #expect(headings.first?.trueHeading == 45)
    }
}
