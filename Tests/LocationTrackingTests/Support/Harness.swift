@testable import LocationTracking
import Testing
import TestSupport

/// A screen wired to an `AppLocationManager` over a mock provider, a manual clock and a
/// recording logger: the whole flow with nothing real underneath.
@MainActor
final class Harness {
    let provider: MockLocationProvider
    let clock = ManualClock()
    let logger = RecordingLogger()
    let screen: any RecordingScreen

    var manager: AppLocationManager { screen.manager! }

    /// - Parameters:
    ///   - status: The provider's authorization when the flow starts.
    ///   - mode: The tracking mode.
    ///   - startDelay: Zero unless a test is about the delay.
    ///   - screen: The consumer; a `PlainScreen` unless a test is about its configuration.
    init(
        status: AuthorizationStatus,
        mode: TrackingMode = .oneShot,
        startDelay: Duration = .zero,
        screen: any RecordingScreen = PlainScreen()
    ) {
        provider = MockLocationProvider(status: status)
        self.screen = screen
        screen.manager = AppLocationManager(
            provider: provider, screen: screen, trackingMode: mode,
            startDelay: startDelay, clock: clock, logger: logger)
    }

    /// Starts tracking and waits until the manager is the provider's delegate.
    func start(sourceLocation: SourceLocation = #_sourceLocation) async {
        screen.startTrackingLocation()
        await eventually("the manager becomes the delegate", sourceLocation: sourceLocation) {
            provider.delegate === manager
        }
    }

    /// Starts tracking with an authorized provider and waits until updates run.
    func startUpdating(sourceLocation: SourceLocation = #_sourceLocation) async {
        await start(sourceLocation: sourceLocation)
        await eventually("updates start", sourceLocation: sourceLocation) {
            provider.calls.contains(.startUpdatingLocation)
        }
    }

    /// Reports fixes one batch each, the next once the manager has handled the last and the
    /// screen has returned (a receiver the screen keeps up with), and waits until the screen
    /// holds `count` fixes in all.
    func deliver(
        _ fixes: Location..., untilScreenHolds count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for fix in fixes {
            provider.report(fix)
            await quiesce(sourceLocation: sourceLocation)
        }
        await eventually("the screen holds \(count) fixes", sourceLocation: sourceLocation) {
            screen.received.count >= count
        }
    }

    /// Waits until the manager has handled every callback and no call to the screen runs or waits.
    func quiesce(sourceLocation: SourceLocation = #_sourceLocation) async {
        await eventually("the manager is idle", sourceLocation: sourceLocation) {
            manager.inbox.count == 0 && manager.screenDelivery == nil
        }
    }
}
