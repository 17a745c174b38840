import Foundation
import GPSReader
import LocationTracking
import Testing
import Locking
import TestSupport

/// A router that remembers where it was sent.
@MainActor
final class RecordingRouter: Router {
    private(set) var routes: [Route] = []

    func navigate(to route: Route) { routes.append(route) }
}

/// A screen that keeps every fix it is given, whole, and every state it is told of.
@MainActor
final class RecordingScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    var manager: AppLocationManager!
    private(set) var received: [Location] = []
    private(set) var states: [LocationState] = []
    let mainRouter = RecordingRouter()

    let titleText: String? = "GPS access"
    var router: any Router { mainRouter }
    var locationManager: any LocationManager { manager }

    /// A screen wired to `provider` in continuous mode with no start delay, on `clock`.
    init(provider: any LocationProvider, clock: any Clock<Duration> = ContinuousClock(), logger: any LocationLogger = .silent) {
        manager = AppLocationManager(
            provider: provider, screen: self, trackingMode: .continuous, startDelay: .zero, clock: clock, logger: logger)
    }

    func handleLocationStateChange(_ state: LocationState) {
        states.append(state)
    }

    func handleLocationUpdate(lat: Double, lng: Double) async {
        Issue.record("the manager passes whole fixes to screens that take them")
    }

    func handleLocationUpdate(_ location: Location) async {
        received.append(location)
    }
}

/// A logger that keeps the provider errors the manager logs.
final class RecordingLogger: LocationLogger {
    private let messages = LockedState<[String]>([])

    /// The `.error` messages so far.
    var errors: [String] { messages.withLock { $0 } }

    func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level == .error else { return }
        let text = message()
        messages.withLock { $0.append(text) }
    }
}

/// A unique path for a `VirtualReceiver`'s link. Providers in tests open links, never
/// `/dev/pts/N` itself: once a test's receiver is gone its number is reused by the next
/// pseudo-terminal, which a provider still retrying that path would open and read.
func temporaryLinkPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
}

extension RecordingScreen {
    /// Stops tracking and waits until the provider has stopped reading and closed the device.
    ///
    /// Bounded: a provider that never started reading (the test already failed waiting for it)
    /// would keep `readingEnded()` waiting for a first run forever, and hang the whole suite.
    func stopTracking(_ provider: NMEALocationProvider, sourceLocation: SourceLocation = #_sourceLocation) async {
        stopTrackingLocation()
        let ended = LockedState(false)
        Task { _ = await provider.readingEnded(); ended.withLock { $0 = true } }
        await eventually("the provider stops reading", sourceLocation: sourceLocation) { ended.withLock { $0 } }
    }
}
