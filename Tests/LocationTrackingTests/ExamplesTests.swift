import LocationTracking
import Testing
import TestSupport

// The README's five-line screen, verbatim but for the names the README leaves to the app:
// `gps` (the provider), `AppRouter` and `show`.

private let gps = MockLocationProvider(status: .authorizedWhenInUse)

@MainActor
private final class AppRouter: Router {
    func navigate(to route: Route) {}
}

final class MapScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = AppRouter()
    lazy var locationManager: any LocationManager = AppLocationManager(provider: gps, screen: self)
    func handleLocationUpdate(lat: Double, lng: Double) async { show(lat, lng) }

    private(set) var shown: [Double] = []
    private func show(_ lat: Double, _ lng: Double) { shown += [lat, lng] }
}

@MainActor
@Suite("Examples")
struct ExamplesTests {
    @Test("the README's five-line screen compiles and receives a fix")
    func fiveLineScreen() async {
        let screen = MapScreen()
        screen.startUpdatingLocation()  // authorized already: no start delay to wait for
        gps.report(Fix.berlin)
        await eventually("the screen shows the fix") { !screen.shown.isEmpty }
        #expect(screen.shown == [Fix.berlin.coordinate.latitude, Fix.berlin.coordinate.longitude])
        #expect(screen.currentLocation == Fix.berlin)
    }
}
