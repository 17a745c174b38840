import LocationTracking
import Testing
import TestSupport

/// A provider delegate that keeps everything it is told, from any thread, and that tests
/// wait on without holding a thread.
final class RecordingDelegate: LocationProviderDelegate {
    struct Events: Sendable {
        var locations: [Location] = []
        var statuses: [AuthorizationStatus] = []
        var errors: [String] = []
    }

    private let events = WatchedState(Events())

    var locations: [Location] { events.value.locations }
    var statuses: [AuthorizationStatus] { events.value.statuses }
    var errors: [String] { events.value.errors }

    func locationProvider(_ provider: any LocationProvider, didUpdateLocations locations: [Location]) {
        events.update { $0.locations += locations }
    }

    func locationProvider(_ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus) {
        events.update { $0.statuses.append(status) }
    }

    func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error) {
        events.update { $0.errors.append("\(error)") }
    }

    /// Waits until `condition` holds for what it has been told, checked at each callback,
    /// and records an issue if it does not within `timeout` (a guard against hangs, never
    /// reached when the code is right: generous, since the whole suite runs in parallel).
    nonisolated(nonsending) func waitUntil(
        _ description: String, timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (Events) -> Bool
    ) async {
        if await !events.wait(until: condition, deadline: .now.advanced(by: timeout)) {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
        }
    }

    /// Whether `condition` holds for what it has been told within `timeout`, checked at each
    /// callback; for a wait that may end either way.
    nonisolated(nonsending) func holds(within timeout: Duration, _ condition: (Events) -> Bool) async -> Bool {
        await events.wait(until: condition, deadline: .now.advanced(by: timeout))
    }
}
