import LocationTracking

/// A router that remembers where it was sent.
@MainActor
final class RecordingRouter: Router {
    private(set) var routes: [Route] = []

    func navigate(to route: Route) { routes.append(route) }
}

/// What the tests need of a screen besides the two protocols: the manager slot and the record
/// of what it received.
@MainActor
protocol RecordingScreen: AppLocationManager.Screen {
    var manager: AppLocationManager? { get set }
    var received: [Coordinate] { get }
    var mainRouter: RecordingRouter { get }
}

/// A `PlainScreen` that also shows the state: it records every change it is told of.
@MainActor
final class StateScreen: RecordingScreen {
    var manager: AppLocationManager?
    private(set) var received: [Coordinate] = []
    private(set) var states: [LocationState] = []
    let mainRouter = RecordingRouter()

    var router: any Router { mainRouter }
    var locationManager: any LocationManager { manager! }

    func handleLocationUpdate(lat: Double, lng: Double) async {
        received.append(Coordinate(latitude: lat, longitude: lng))
    }

    func handleLocationStateChange(_ state: LocationState) {
        states.append(state)
    }
}

/// A screen that relies on every default of `LocationRestrictionConfigurable`.
@MainActor
final class PlainScreen: RecordingScreen {
    var manager: AppLocationManager?
    private(set) var received: [Coordinate] = []
    let mainRouter = RecordingRouter()

    var router: any Router { mainRouter }
    var locationManager: any LocationManager { manager! }

    func handleLocationUpdate(lat: Double, lng: Double) async {
        received.append(Coordinate(latitude: lat, longitude: lng))
    }
}

/// A screen that overrides every default: title, subtitle, blocking, and optionally a nested
/// router.
@MainActor
final class ConfiguredScreen: RecordingScreen {
    var manager: AppLocationManager?
    private(set) var received: [Coordinate] = []
    let mainRouter = RecordingRouter()
    let ownRouter: RecordingRouter?

    let titleText: String? = "Location is off"
    let subtitle: String? = "Join the dialout group to use the GPS."
    let shouldBlock = true
    var router: any Router { mainRouter }
    var nestedRouter: (any Router)? { ownRouter }
    var locationManager: any LocationManager { manager! }

    init(withNestedRouter: Bool) {
        ownRouter = withNestedRouter ? RecordingRouter() : nil
    }

    func handleLocationUpdate(lat: Double, lng: Double) async {
        received.append(Coordinate(latitude: lat, longitude: lng))
    }
}
