import LocationTracking
import Testing
import TestSupport

/// How many fixes each tracking mode delivers.
@MainActor
@Suite("Tracking modes")
struct TrackingModeTests {
    @Test("one-shot is the default: the first good fix, then updates stop")
    func oneShotIsTheDefault() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        let screen = PlainScreen()
        screen.manager = AppLocationManager(provider: provider, screen: screen, startDelay: .zero, clock: ManualClock())
        #expect(screen.manager?.trackingMode == .oneShot)

        screen.startTrackingLocation()
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }
        provider.report(Fix.berlin)
        await eventually("the fix arrives") { screen.received.count == 1 }
        #expect(provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])

        provider.report(Fix.paris)
        await settle()
        #expect(screen.received == [Fix.berlin.coordinate])
        #expect(screen.currentLocation == Fix.berlin)
    }

    @Test("startUpdatingLocation after a one-shot gets one fresh fix")
    func oneShotAgain() async {
        let harness = Harness(status: .authorizedWhenInUse)
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)

        harness.screen.startUpdatingLocation()
        await harness.deliver(Fix.paris, untilScreenHolds: 2)
        #expect(harness.screen.received == [Fix.berlin.coordinate, Fix.paris.coordinate])
        #expect(harness.provider.calls
            == [.startUpdatingLocation, .stopUpdatingLocation, .startUpdatingLocation, .stopUpdatingLocation])
    }

    @Test("continuous delivers every good fix, in order, and keeps updating")
    func continuous() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, Fix.paris, Fix.at(0, 0), Fix.quito, untilScreenHolds: 3)
        #expect(harness.screen.received == [Fix.berlin, Fix.paris, Fix.quito].map(\.coordinate))
        #expect(harness.provider.calls == [.startUpdatingLocation])
    }

    @Test("significant changes delivers the first fix, then only moves of at least the threshold")
    func significantChanges() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .significantChanges(meters: 100))
        await harness.startUpdating()
        let start = Fix.berlin
        let near = Fix.north(of: start, by: 50)
        let far = Fix.north(of: start, by: 120)
        let nearFar = Fix.north(of: far, by: 60)
        let farther = Fix.north(of: far, by: 110)

        await harness.deliver(start, near, far, untilScreenHolds: 2)
        #expect(harness.screen.received == [start.coordinate, far.coordinate])

        harness.provider.report(nearFar)
        await harness.deliver(farther, untilScreenHolds: 3)
        #expect(harness.screen.received == [start, far, farther].map(\.coordinate))
        #expect(harness.provider.calls == [.startUpdatingLocation])
    }

    @Test("currentLocation follows every good fix, even one not delivered")
    func significantChangesStillCaches() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .significantChanges(meters: 100))
        await harness.startUpdating()
        let near = Fix.north(of: Fix.berlin, by: 10)
        await harness.deliver(Fix.berlin, near, Fix.paris, untilScreenHolds: 2)
        #expect(harness.screen.received == [Fix.berlin.coordinate, Fix.paris.coordinate])
        harness.provider.report(Fix.north(of: Fix.paris, by: 10))
        await eventually("the cache moves") { harness.manager.currentLocation != Fix.paris }
        #expect(harness.manager.currentLocation == Fix.north(of: Fix.paris, by: 10))
        #expect(harness.screen.received.count == 2)
    }

    @Test("a threshold of zero or NaN delivers every fix", arguments: [0.0, -5, .nan])
    func degenerateThreshold(meters: Double) async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .significantChanges(meters: meters))
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, Fix.berlin, Fix.berlin, untilScreenHolds: 3)
        #expect(harness.screen.received == Array(repeating: Fix.berlin.coordinate, count: 3))
    }

    @Test("startUpdatingLocation delivers the next fix even within the threshold")
    func freshFixIgnoresThreshold() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .significantChanges(meters: 1000))
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        harness.screen.startUpdatingLocation()
        await harness.deliver(Fix.north(of: Fix.berlin, by: 5), untilScreenHolds: 2)
        #expect(harness.screen.received.last == Fix.north(of: Fix.berlin, by: 5).coordinate)
    }
}
