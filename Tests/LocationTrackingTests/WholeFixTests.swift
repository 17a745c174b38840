import LocationTracking
import Testing
import TestSupport

/// A screen that shows more than the position takes the whole fix.
@MainActor
@Suite("Whole fixes")
struct WholeFixTests {
    /// Implements only `handleLocationUpdate(_:)`; the coordinate-only handler must not be used.
    private final class DashboardScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
        var manager: AppLocationManager?
        private(set) var received: [Location] = []
        let router: any Router = RecordingRouter()
        var locationManager: any LocationManager { manager! }

        func handleLocationUpdate(_ location: Location) async { received.append(location) }
        func handleLocationUpdate(lat: Double, lng: Double) async {
            Issue.record("a screen that takes whole fixes got a coordinate only")
        }
    }

    @Test("handleLocationUpdate(_:) receives the fix itself; its default passes lat/lng on")
    func wholeFix() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        let screen = DashboardScreen()
        screen.manager = AppLocationManager(
            provider: provider, screen: screen, trackingMode: .continuous, startDelay: .zero, clock: ManualClock())
        screen.startTrackingLocation()
        await eventually("updates start") { provider.calls == [.startUpdatingLocation] }
        provider.report(Fix.berlin)
        await eventually("the first fix arrives") { screen.received.count == 1 }
        provider.report(Fix.paris)
        await eventually("the second fix arrives") { screen.received.count == 2 }
        #expect(screen.received == [Fix.berlin, Fix.paris])
    }
}
