import Foundation
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

/// The README's state example, verbatim inside a screen that has a `banner`.
final class BannerScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = AppRouter()
    lazy var locationManager: any LocationManager = AppLocationManager(provider: gps, screen: self)
    func handleLocationUpdate(lat: Double, lng: Double) async {}
    private(set) var banner: String?

    func handleLocationStateChange(_ state: LocationState) {
        switch state {
        case .acquiring(let inView): banner = "Acquiring satellites (\(inView ?? 0) in view)"
        case .lost(_, let since): banner = "Signal lost since \(since.formatted(date: .omitted, time: .standard))"
        case .failed(let error): banner = "\(error)"
        default: banner = nil
        }
    }
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

    @Test("the README's state example shows a banner while acquiring and none once located")
    func stateBanner() {
        let screen = BannerScreen()
        screen.handleLocationStateChange(.acquiring(satellitesInView: 7))
        #expect(screen.banner == "Acquiring satellites (7 in view)")
        screen.handleLocationStateChange(.located(Fix.berlin))
        #expect(screen.banner == nil)
    }
}
