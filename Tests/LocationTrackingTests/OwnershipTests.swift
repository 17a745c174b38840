import LocationTracking
import Testing
import TestSupport

/// The screen owns its manager; the manager holds the screen weakly and stops with it.
@MainActor
@Suite("Ownership and stopping")
struct OwnershipTests {
    @Test("the manager does not keep its screen alive")
    func managerHoldsScreenWeakly() {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        var screen: PlainScreen? = PlainScreen()
        let manager = AppLocationManager(provider: provider, screen: screen!)
        screen?.manager = manager
        weak let weakScreen = screen
        screen = nil
        #expect(weakScreen == nil)
    }

    @Test("when the screen goes away its manager goes too, and the provider's updates stop")
    func screenGoingAwayStopsUpdates() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        var screen: PlainScreen? = PlainScreen()
        screen?.manager = AppLocationManager(
            provider: provider, screen: screen!, trackingMode: .continuous, startDelay: .zero, clock: ManualClock())
        weak let weakManager = screen?.manager
        screen?.startTrackingLocation()
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }

        screen = nil
        await eventually("updates stop") { provider.calls == [.startUpdatingLocation, .stopUpdatingLocation] }
        #expect(weakManager == nil)
        #expect(provider.delegate == nil)
    }

    @Test("when the screen goes away but the manager lives on, the next callback stops updates")
    func screenGoneWhileManagerLives() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        var screen: PlainScreen? = PlainScreen()
        let manager = AppLocationManager(
            provider: provider, screen: screen!, trackingMode: .continuous, startDelay: .zero, clock: ManualClock())
        screen?.manager = manager
        screen?.startTrackingLocation()
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }

        screen = nil
        provider.report(Fix.berlin)
        await eventually("updates stop") { provider.calls == [.startUpdatingLocation, .stopUpdatingLocation] }
        #expect(manager.currentLocation == nil)
        #expect(provider.delegate == nil)
    }

    @Test("stopping ends updates, lets go of the provider and ignores later callbacks")
    func stopTrackingLocation() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)

        let manager = harness.manager
        harness.screen.stopTrackingLocation()
        #expect(harness.provider.calls == [.startUpdatingLocation, .stopUpdatingLocation])
        #expect(harness.provider.delegate == nil)

        manager.locationProvider(harness.provider, didUpdateLocations: [Fix.paris])
        await settle()
        #expect(harness.screen.received == [Fix.berlin.coordinate])
        #expect(harness.screen.currentLocation == Fix.berlin)
    }

    @Test("tracking can start again after a stop")
    func restartAfterStop() async {
        let harness = Harness(status: .denied)
        await harness.start()
        await eventually("the restriction shows") { harness.screen.mainRouter.routes.count == 1 }
        harness.screen.stopTrackingLocation()

        await harness.start()
        await eventually("the restriction shows again") { harness.screen.mainRouter.routes.count == 2 }
    }

    @Test("callbacks from a provider the manager does not use are ignored")
    func foreignProviderIsIgnored() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        let stranger = MockLocationProvider(status: .authorizedWhenInUse)
        harness.manager.locationProvider(stranger, didUpdateLocations: [Fix.paris])
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        #expect(harness.screen.received == [Fix.berlin.coordinate])
        #expect(harness.logger.entries.contains { $0.level == .warning })
    }
}
