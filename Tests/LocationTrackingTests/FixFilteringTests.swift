import LocationTracking
import Testing
import TestSupport

/// Which fixes reach the screen: the newest of a batch, and only real positions.
@MainActor
@Suite("Fix filtering")
struct FixFilteringTests {
    @Test("of a batch only the newest fix is delivered")
    func newestOfBatch() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        harness.provider.report(Fix.paris, Fix.quito, Fix.berlin)
        await eventually("a fix arrives") { !harness.screen.received.isEmpty }
        await settle()
        #expect(harness.screen.received == [Fix.berlin.coordinate])
    }

    @Test("a fix that is not a position is dropped, and a one-shot waits for a real one",
          arguments: Fix.notReal)
    func notRealFixesAreDropped(reason: String, fix: Location) async {
        let harness = Harness(status: .authorizedWhenInUse)
        await harness.startUpdating()
        await harness.deliver(fix, Fix.paris, untilScreenHolds: 1)
        #expect(harness.screen.received == [Fix.paris.coordinate], "\(reason)")
        #expect(harness.manager.currentLocation == Fix.paris)
        #expect(harness.provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])
    }

    @Test("a batch whose newest fix is not real delivers nothing, not an older fix")
    func staleFixIsNotDelivered() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        harness.provider.report(Fix.berlin, Fix.at(0, 0))
        await harness.deliver(Fix.paris, untilScreenHolds: 1)
        #expect(harness.screen.received == [Fix.paris.coordinate])
    }

    @Test("fixes on the equator or the Greenwich meridian are real",
          arguments: [Fix.at(0, -78.5), Fix.at(51.477_9, 0), Fix.at(-33.9, 0), Fix.at(0, 179.9)])
    func equatorAndMeridianAreKept(fix: Location) async {
        let harness = Harness(status: .authorizedWhenInUse)
        await harness.startUpdating()
        await harness.deliver(fix, untilScreenHolds: 1)
        #expect(harness.screen.received == [fix.coordinate])
    }

    @Test("currentLocation is nil before the first fix, then the last good one")
    func currentLocationCachesTheLastGoodFix() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        #expect(harness.screen.currentLocation == nil)
        await harness.startUpdating()
        #expect(harness.screen.currentLocation == nil)

        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.screen.currentLocation == Fix.berlin)

        await harness.deliver(Fix.at(0, 0), Fix.paris, untilScreenHolds: 2)
        #expect(harness.screen.currentLocation == Fix.paris)
    }

    @Test("fixes reported before updates start are ignored")
    func fixesBeforeUpdatesAreIgnored() async {
        let harness = Harness(status: .notDetermined)
        await harness.start()
        harness.provider.report(Fix.berlin)
        harness.provider.changeAuthorization(to: .authorizedWhenInUse)
        await harness.deliver(Fix.paris, untilScreenHolds: 1)
        #expect(harness.screen.received == [Fix.paris.coordinate])
    }
}
