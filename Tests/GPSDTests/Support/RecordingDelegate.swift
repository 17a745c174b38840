import Foundation
import LocationTracking
import Locking
import Testing

/// A provider delegate that keeps everything it is told, from any thread.
final class RecordingDelegate: LocationProviderDelegate {
    private let events = LockedState<(locations: [Location], statuses: [AuthorizationStatus], errors: [String])>(([], [], []))

    var locations: [Location] { events.withLock { $0.locations } }
    var statuses: [AuthorizationStatus] { events.withLock { $0.statuses } }
    var errors: [String] { events.withLock { $0.errors } }

    func locationProvider(_ provider: any LocationProvider, didUpdateLocations locations: [Location]) {
        events.withLock { $0.locations += locations }
    }

    func locationProvider(_ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus) {
        events.withLock { $0.statuses.append(status) }
    }

    func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error) {
        events.withLock { $0.errors.append("\(error)") }
    }
}

/// Blocks until `condition` holds, checking every 10 ms, and records an issue if it does not
/// within `timeout` (a guard against hangs, never reached when the code is right).
func waitUntil(
    _ description: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
            return
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
}
