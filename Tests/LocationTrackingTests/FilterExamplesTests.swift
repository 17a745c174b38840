import Foundation
import LocationTracking
import Testing
import TestSupport

// docs/LocationFilters.md's screen, verbatim but for the names the page leaves to the app:
// `gps` (the provider) and `AppRouter`.

private let gps = MockLocationProvider(status: .authorizedWhenInUse)

@MainActor
private final class AppRouter: Router {
    func navigate(to route: Route) {}
}

final class GeofenceScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = AppRouter()
    private lazy var manager = AppLocationManager(provider: gps, screen: self, trackingMode: .continuous)
    var locationManager: any LocationManager { manager }
    private(set) var shown: [String] = []

    func configure() {
        manager.desiredAccuracy = 20  // metres: worse fixes are held back, counted
        manager.distanceFilter = 10   // metres between two fixes delivered
        manager.stationaryDetection = StationaryDetection()  // 0.5 m/s, 5 m, 10 s
        let home = CircularRegion(center: Coordinate(latitude: 48.1374, longitude: 11.5755), radius: 100, identifier: "home")!
        manager.startMonitoring(for: home)
        manager.startUpdatingHeading()
    }

    func handleLocationUpdate(lat: Double, lng: Double) async {}

    func handleLocationUpdate(_ update: LocationUpdate) async {
        show(update.isStationary ? "parked" : String(format: "at %.4f, %.4f", update.location.coordinate.latitude,
                                                     update.location.coordinate.longitude))
    }

    func handleRegionEvent(_ event: RegionEvent) async {
        switch event.kind {
        case .determined(let state): show("\(event.region.identifier): \(state)")
        case .entered: show("welcome to \(event.region.identifier)")
        case .exited: show("left \(event.region.identifier)")
        }
    }

    func handleHeadingUpdate(_ heading: Heading) async {
        show(String(format: "heading %.0f°", heading.trueHeading))
    }

    func handleLocationStateChange(_ state: LocationState) {
        if case .accuracyLimited = state { show("waiting for an accurate fix") }
    }

    private func show(_ line: String) { shown.append(line) }
}

@MainActor
@Suite("Examples: filters and events")
struct FilterExamplesTests {
    @Test("the page's geofence screen: waits for an accurate fix, then shows fixes, the region, headings, and parks")
    func geofenceScreen() async {
        let screen = GeofenceScreen()
        screen.configure()
        screen.startUpdatingLocation()  // authorized already: no start delay to wait for
        let home = Coordinate(latitude: 48.1374, longitude: 11.5755)
        func fix(_ north: Double, second: Int, speed: Double, accuracy: Double = 4) -> Location {
            var fix = Track.fix(north, 0, from: home, second: Double(second), speed: speed, accuracy: accuracy)
            fix.course = 0
            return fix
        }
        // Due north through home at 12 m/s, from 500 m south to 328 m north, then parked.
        let fixes = [fix(-500, second: 0, speed: 0, accuracy: 45)]
            + (1...70).map { fix(-500 + Double($0 - 1) * 12, second: $0, speed: 12) }
            + (71...85).map { fix(330, second: $0, speed: 0) }
        for fix in fixes {
            gps.report(fix)
            await eventually("the manager takes the fix") {
                screen.locationManager.currentLocation == fix || screen.locationManager.state == .accuracyLimited(fix)
            }
            await settle()  // and the screen's calls run
        }
        #expect(screen.shown.prefix(5) == [
            "waiting for an accurate fix", "at 48.1329, 11.5755", "home: outside", "heading 0°", "at 48.1330, 11.5755",
        ])
        #expect(screen.shown.filter { !$0.hasPrefix("at ") && !$0.hasPrefix("heading") } == [
            "waiting for an accurate fix", "home: outside", "welcome to home", "left home", "parked",
        ])
        #expect(screen.shown.last == "parked")
        screen.stopTrackingLocation()
    }
}
