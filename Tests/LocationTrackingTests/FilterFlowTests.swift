import Foundation
@testable import LocationTracking
import Testing
import TestSupport

/// CoreLocation's settings and events in the flow: desired accuracy and `.accuracyLimited`,
/// the distance filter, regions, headings and stillness, each off until a screen asks.
@MainActor
@Suite("Filters and events in the flow")
struct FilterFlowTests {
    private static let origin = Coordinate(latitude: 52.520_008, longitude: 13.404_954)
    private let noFix = Fix.notReal[1].fix  // GGA quality 0

    private static func fix(
        _ north: Double, second: Double = 0, speed: Double? = 0, course: Double? = nil, heading: Double? = nil,
        accuracy: Double? = 3
    ) -> Location {
        var fix = Track.fix(north, 0, from: origin, second: second, speed: speed, accuracy: accuracy)
        fix.course = course
        fix.heading = heading
        return fix
    }

    private static func line(_ fix: Location) -> String { "fix " + EventScreen.latitude(fix) }

    private func harness(mode: TrackingMode = .continuous) -> (Harness, EventScreen) {
        let screen = EventScreen()
        return (Harness(status: .authorizedWhenInUse, mode: mode, screen: screen), screen)
    }

    /// Reports each fix and waits until the manager and the screen are done with it.
    private func report(_ fixes: Location..., to harness: Harness) async {
        for fix in fixes {
            harness.provider.report(fix)
            await harness.quiesce()
        }
    }

    @Test("every setting is off by default: a screen that sets none gets every good fix and nothing else")
    func defaults() async {
        let (harness, screen) = harness()
        let manager = harness.manager
        #expect(manager.distanceFilter == nil)
        #expect(manager.desiredAccuracy == nil)
        #expect(manager.stationaryDetection == nil)
        #expect(manager.monitoredRegions.isEmpty)
        #expect(manager.minimumSpeedForCourseHeading == 1)
        await harness.startUpdating()
        let fixes = [Self.fix(0), Self.fix(0, second: 20), Self.fix(0.5, second: 40, accuracy: 900),
                     Self.fix(1, second: 60, accuracy: nil), Self.fix(80, second: 70, speed: 8, course: 0, heading: 3)]
        for fix in fixes { await report(fix, to: harness) }
        #expect(screen.log == fixes.map(Self.line), "no heading, no region, no pause while standing still")
        #expect(screen.updates.allSatisfy { !$0.isStationary })
        #expect(manager.filterCounts.delivered == 5)
        #expect(manager.heading == nil)
        #expect(!manager.isStationary)
    }

    @Test("desired accuracy: worse fixes and fixes without an estimate are counted, not delivered, and the state is accuracy-limited")
    func desiredAccuracy() async {
        let (harness, screen) = harness()
        harness.manager.desiredAccuracy = 10
        await harness.startUpdating()
        let poor = Self.fix(0, accuracy: 25), unknown = Self.fix(1, accuracy: nil), good = Self.fix(2, accuracy: 10)
        await report(poor, to: harness)
        #expect(harness.manager.state == .accuracyLimited(poor))
        #expect(harness.manager.state.description == "accuracy-limited (± 25.0 m)")
        #expect(harness.manager.currentLocation == nil, "an inaccurate fix is not current")
        await report(unknown, to: harness)
        #expect(harness.manager.state == .accuracyLimited(unknown))
        await harness.deliver(good, untilScreenHolds: 1)
        #expect(harness.manager.state == .located(good))
        #expect(harness.manager.currentLocation == good)
        #expect(screen.received == [good.coordinate])
        #expect(harness.manager.filterCounts.inaccurate == 2)
        #expect(screen.states == [.acquiring(satellitesInView: nil), .accuracyLimited(poor), .accuracyLimited(unknown), .located(good)])
    }

    @Test("an epoch without a fix turns accuracy-limited back to acquiring: 'waiting for a good fix' is not 'no fix'")
    func accuracyLimitedIsNotNoFix() async {
        let (harness, _) = harness()
        harness.manager.desiredAccuracy = 10
        await harness.startUpdating()
        let poor = Self.fix(0, accuracy: 25)
        await report(poor, to: harness)
        #expect(harness.manager.state == .accuracyLimited(poor))
        await report(noFix, to: harness)
        #expect(harness.manager.state == .acquiring(satellitesInView: nil))
    }

    @Test("inaccurate fixes leave a good fix current until the lost timeout; then the state is accuracy-limited, not lost")
    func accuracyLimitedAfterTheTimeout() async {
        let (harness, _) = harness()
        harness.manager.desiredAccuracy = 10
        await harness.startUpdating()
        let good = Self.fix(0), poor = Self.fix(3, accuracy: 40)
        await harness.deliver(good, untilScreenHolds: 1)
        await report(poor, to: harness)
        #expect(harness.manager.state == .located(good), "one poor fix does not make the good one stale")
        await eventually("the lost deadline is set") { harness.clock.pendingDeadlines == [.seconds(3)] }
        harness.clock.advance(by: .seconds(3))
        await eventually("the state follows the timeout") { harness.manager.state != .located(good) }
        #expect(harness.manager.state == .accuracyLimited(poor))
        #expect(harness.manager.currentLocation == good)
    }

    @Test("a one-shot with a desired accuracy waits for an accurate fix, then stops")
    func oneShotWaitsForAccuracy() async {
        let (harness, screen) = harness(mode: .oneShot)
        harness.manager.desiredAccuracy = 5
        await harness.startUpdating()
        await report(Self.fix(0, accuracy: 30), Self.fix(1, accuracy: 12), to: harness)
        #expect(harness.provider.calls == [.startUpdatingLocation])
        await harness.deliver(Self.fix(2, accuracy: 4), untilScreenHolds: 1)
        #expect(screen.log == [Self.line(Self.fix(2))])
        #expect(harness.provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])
    }

    @Test("distance filter: the first fix, then moves of at least that far; with significant changes the larger applies")
    func distanceFilter() async {
        let (harness, screen) = harness(mode: .significantChanges(meters: 30))
        harness.manager.distanceFilter = 50
        await harness.startUpdating()
        await report(Self.fix(0), Self.fix(40), Self.fix(55), to: harness)
        #expect(screen.log == [Self.line(Self.fix(0)), Self.line(Self.fix(55))], "50 m, not 30, applies")
        harness.manager.distanceFilter = 10
        await report(Self.fix(80), Self.fix(86), to: harness)
        #expect(screen.log.last == Self.line(Self.fix(86)), "now 30 m, the tracking mode's, applies")
        #expect(screen.log.count == 3)
        #expect(harness.manager.filterCounts.withinDistanceFilter == 2)
        #expect(harness.manager.currentLocation == Self.fix(86))
    }

    @Test("region events reach the screen in order among its fixes, from the region's first state on")
    func regionEventsInOrder() async {
        let (harness, screen) = harness()
        let home = CircularRegion.named("home", at: Track.coordinate(100, 0, from: Self.origin), radius: 20)
        harness.manager.startMonitoring(for: home)
        #expect(harness.manager.monitoredRegions == [home])
        #expect(harness.manager.state(ofRegion: "home") == .unknown)
        await harness.startUpdating()
        let fixes = [Self.fix(0), Self.fix(90), Self.fix(100), Self.fix(130)]
        for fix in fixes { await report(fix, to: harness) }
        #expect(screen.log == [
            Self.line(fixes[0]), "home outside", Self.line(fixes[1]), "home entered", Self.line(fixes[2]),
            Self.line(fixes[3]), "home exited",
        ])
        #expect(harness.manager.state(ofRegion: "home") == .outside)
        harness.manager.stopMonitoring(for: home)
        await report(Self.fix(100), to: harness)
        #expect(screen.log.last == Self.line(Self.fix(100)), "no event once monitoring stopped")
        #expect(harness.manager.monitoredRegions.isEmpty)
    }

    @Test("a fix the distance filter holds back still enters a region: the event comes without its fix")
    func heldFixStillCounts() async {
        let (harness, screen) = harness()
        harness.manager.distanceFilter = 1_000
        harness.manager.startMonitoring(for: .named("gate", at: Track.coordinate(30, 0, from: Self.origin), radius: 10))
        await harness.startUpdating()
        await report(Self.fix(0), Self.fix(28), to: harness)
        #expect(screen.log == [Self.line(Self.fix(0)), "gate outside", "gate entered"])
    }

    @Test("behind a slow screen, region events all wait in order; only the fixes between them are skipped")
    func regionEventsUnderLoad() async {
        let (harness, screen) = harness()
        screen.isSlow = true
        harness.manager.startMonitoring(for: .named("home", at: Track.coordinate(100, 0, from: Self.origin), radius: 20))
        await harness.startUpdating()
        harness.provider.report(Self.fix(0))
        await eventually("the first call runs") { screen.isWaiting }
        for north in [90.0, 95, 130, 135] {
            harness.provider.report(Self.fix(north))
            await eventually("the manager takes the fix") { harness.manager.inbox.count == 0 }
        }
        while harness.manager.screenDelivery != nil {
            await eventually("a call runs") { screen.isWaiting || harness.manager.screenDelivery == nil }
            if screen.isWaiting { screen.finishCall() }
        }
        #expect(screen.log == [
            Self.line(Self.fix(0)), "home outside", "home entered", "home exited", Self.line(Self.fix(135)),
        ])
    }

    @Test("stopping drops the region events still waiting for the screen")
    func stopDropsWaitingEvents() async {
        let (harness, screen) = harness()
        screen.isSlow = true
        harness.manager.startMonitoring(for: .named("home", at: Self.origin, radius: 20))
        await harness.startUpdating()
        harness.provider.report(Self.fix(0))
        await eventually("the first call runs") { screen.isWaiting }
        harness.screen.stopTrackingLocation()
        screen.finishCall()
        await eventually("the delivery ends") { harness.manager.screenDelivery == nil }
        #expect(screen.log == [Self.line(Self.fix(0))])
    }

    @Test("headings only after startUpdatingHeading: the sensor's, else the course from 1 m/s; none after stopUpdatingHeading")
    func headings() async throws {
        let (harness, screen) = harness()
        await harness.startUpdating()
        await report(Self.fix(0, speed: 5, course: 84.4), to: harness)
        #expect(screen.log == [Self.line(Self.fix(0))])

        harness.manager.startUpdatingHeading()
        await report(Self.fix(10, speed: 5, course: 90), Self.fix(20, speed: 0, heading: 271.5),
                     Self.fix(30, speed: 0.3, course: 12), to: harness)
        #expect(Array(screen.log.dropFirst()) == [
            Self.line(Self.fix(10)), "heading 90.0", Self.line(Self.fix(20)), "heading 271.5", Self.line(Self.fix(30)),
        ])
        let heading = try #require(harness.manager.heading)
        #expect(heading.trueHeading == 271.5)
        #expect(heading.source == .headingSensor)

        harness.manager.stopUpdatingHeading()
        await report(Self.fix(40, speed: 5, course: 90), to: harness)
        #expect(screen.log.last == Self.line(Self.fix(40)))
        #expect(harness.manager.heading == heading, "the last heading stays")
    }

    @Test("stillness: the update where it begins says isStationary, then none comes until the fix where it ends")
    func stationary() async {
        let (harness, screen) = harness()
        harness.manager.stationaryDetection = StationaryDetection(duration: .seconds(3))
        await harness.startUpdating()
        for second in 0..<6 { await report(Self.fix(0, second: Double(second)), to: harness) }
        #expect(harness.manager.isStationary)
        await report(Self.fix(60, second: 6, speed: 10), to: harness)
        let still = EventScreen.latitude(Self.fix(0))
        #expect(screen.log == ["fix \(still)", "fix \(still)", "fix \(still)", "stationary fix \(still)", Self.line(Self.fix(60))])
        #expect(screen.updates.map(\.isStationary) == [false, false, false, true, false])
        #expect(!harness.manager.isStationary)
        #expect(harness.manager.filterCounts.whileStationary == 2)
        #expect(harness.manager.currentLocation == Self.fix(60, second: 6, speed: 10))
    }

    @Test("a screen that implements only handleLocationUpdate(_ location:) gets the fix of each update")
    func updateDefaultPassesTheFix() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)  // a PlainScreen
        harness.manager.stationaryDetection = StationaryDetection(duration: .seconds(1))
        await harness.startUpdating()
        await harness.deliver(Self.fix(0, second: 0), Self.fix(0, second: 1), untilScreenHolds: 2)
        #expect(harness.screen.received == [Self.fix(0).coordinate, Self.fix(0).coordinate])
    }
}
