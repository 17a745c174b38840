import GPSReader
import LocationTracking
import SerialPort
import Locking

/// Counts what a provider reports.
final class ProviderEvents: LocationProviderDelegate {
    private let counts = LockedState((fixes: 0, disconnections: 0))

    var fixes: Int { counts.withLock { $0.fixes } }
    var disconnections: Int { counts.withLock { $0.disconnections } }

    func locationProvider(_ provider: any LocationProvider, didUpdateLocations locations: [Location]) {
        counts.withLock { $0.fixes += locations.count(where: \.isValidFix) }
    }

    func locationProvider(_ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus) {}

    func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error) {
        guard let error = error as? SerialPortError, case .disconnected = error else { return }
        counts.withLock { $0.disconnections += 1 }
    }
}
