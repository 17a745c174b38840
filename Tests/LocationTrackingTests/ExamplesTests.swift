import Foundation
import LocationTracking
import Testing
import TestSupport

// The five-line screen of README.md and docs/LocationTracking.md, verbatim but for the names
// they leave to the app: `gps` (the provider), `AppRouter` and `show`.

private let gps = MockLocationProvider(status: .authorizedWhenInUse)

@MainActor
private final class AppRouter: Router {
    func navigate(to route: Route) {}
}

final class MapScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = AppRouter()
    lazy var locationManager: any LocationManager = AppLocationManager(
        provider: gps, screen: self, trackingMode: .continuous)  // the default, .oneShot, stops after one fix
    func handleLocationUpdate(lat: Double, lng: Double) async { show(lat, lng) }

    private(set) var shown: [Double] = []
    private func show(_ lat: Double, _ lng: Double) { shown += [lat, lng] }
}

/// docs/LocationTracking.md's state example, verbatim inside a screen that has a `banner`.
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

// docs/LocationTracking.md's mock provider ("Testing a screen"), verbatim.

/// A provider a test drives: authorized from the start, it reports the fixes it is given.
final class MockProvider: LocationProvider, @unchecked Sendable {  // `lock` guards `_delegate`
    let authorizationStatus = AuthorizationStatus.authorizedWhenInUse
    private let lock = NSLock()
    private weak var _delegate: (any LocationProviderDelegate)?
    var delegate: (any LocationProviderDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }
    func requestWhenInUseAuthorization() {}
    func startUpdatingLocation() {}
    func stopUpdatingLocation() {}
    func report(_ fixes: Location...) { delegate?.locationProvider(self, didUpdateLocations: fixes) }
}

/// A screen under test, given docs/LocationTracking.md's mock and no start delay.
final class TestedScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = AppRouter()
    let mock = MockProvider()
    lazy var locationManager: any LocationManager = AppLocationManager(provider: mock, screen: self, startDelay: .zero)
    private(set) var shown: [Coordinate] = []
    func handleLocationUpdate(lat: Double, lng: Double) async { shown.append(Coordinate(latitude: lat, longitude: lng)) }
}

@MainActor
@Suite("Examples")
struct ExamplesTests {
    @Test("the five-line screen of README.md and docs/LocationTracking.md compiles and receives every fix, as .continuous says")
    func fiveLineScreen() async {
        let screen = MapScreen()
        screen.startUpdatingLocation()  // authorized already: no start delay to wait for
        gps.report(Fix.berlin)
        await eventually("the screen shows the first fix") { screen.shown.count == 2 }
        gps.report(Fix.paris)
        await eventually("the screen shows the second fix") { screen.shown.count == 4 }
        #expect(screen.shown == [
            Fix.berlin.coordinate.latitude, Fix.berlin.coordinate.longitude,
            Fix.paris.coordinate.latitude, Fix.paris.coordinate.longitude,
        ])
        #expect(screen.currentLocation == Fix.paris)
        screen.stopTrackingLocation()
    }

    @Test("docs/LocationTracking.md's mock provider drives a screen: waited on through its states, not by sleeping")
    func mockProvider() async {
        let screen = TestedScreen()
        screen.startTrackingLocation()
        for await state in screen.locationManager.states {
            if case .acquiring = state { screen.mock.report(Fix.berlin) }
            if case .located = state { break }
        }
        await eventually("the screen shows the fix") { !screen.shown.isEmpty }
        #expect(screen.shown == [Fix.berlin.coordinate])
    }

    @Test("docs/LocationTracking.md's state example shows a banner while acquiring and none once located")
    func stateBanner() {
        let screen = BannerScreen()
        screen.handleLocationStateChange(.acquiring(satellitesInView: 7))
        #expect(screen.banner == "Acquiring satellites (7 in view)")
        screen.handleLocationStateChange(.located(Fix.berlin))
        #expect(screen.banner == nil)
    }
}
