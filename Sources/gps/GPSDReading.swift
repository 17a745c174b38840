import Foundation
import GPSCommandLine
import GPSD
import LocationTracking

/// `gps read gpsd://HOST[:PORT][/DEVICE]`: the tracking flow on a `GPSDLocationProvider`, one
/// line per fix as `gps read` prints them, until Ctrl-C. Connection failures go to standard
/// error once per outage; the provider reconnects every 2 s.
@MainActor
enum GPSDReading {
    static func read(_ url: GPSDURL) async -> CommandExit.Status {
        let provider = GPSDLocationProvider(address: GPSDAddress(host: url.host, port: url.port), device: url.device)
        let screen = GPSDScreen(provider: provider)
        exitCleanlyOnInterrupt()
        screen.startTrackingLocation()
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }
}

/// Prints each fix the flow delivers as one line, and each change of state as one line on
/// standard error, as `gps read` does into a pipe. Reaching gpsd is never blocked by a
/// permission, so there is no restriction to show.
@MainActor
private final class GPSDScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    private var manager: AppLocationManager!
    private var stateLines = StateLines()
    let router: any Router = IgnoringRouter()
    var locationManager: any LocationManager { manager }

    init(provider: GPSDLocationProvider) {
        manager = AppLocationManager(
            provider: provider, screen: self, trackingMode: .continuous, startDelay: .zero, logger: .silent)
    }

    func handleLocationStateChange(_ state: LocationState) {
        stateLines.report(state)
    }

    func handleLocationUpdate(_ location: Location) async {
        print(FixLine(location))
        fflush(nil)
    }

    func handleLocationUpdate(lat: Double, lng: Double) async {
        await handleLocationUpdate(Location(coordinate: Coordinate(latitude: lat, longitude: lng)))
    }
}

@MainActor
private final class IgnoringRouter: Router {
    func navigate(to route: Route) {}
}
