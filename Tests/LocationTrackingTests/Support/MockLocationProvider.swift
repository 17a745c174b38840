import LocationTracking
import Locking

/// A provider the test drives by hand: it records what the manager asks of it and reports
/// whatever the test tells it to, on the calling thread, as a real provider would on its own.
final class MockLocationProvider: LocationProvider {
    /// A request the manager made.
    enum Call: Equatable, Sendable {
        case requestWhenInUseAuthorization, startUpdatingLocation, stopUpdatingLocation
    }

    private struct State {
        var status: AuthorizationStatus
        weak var delegate: (any LocationProviderDelegate)?
        var calls: [Call] = []
        var answer: AuthorizationStatus?
    }

    private let state: LockedState<State>

    /// - Parameters:
    ///   - status: The status until the test changes it.
    ///   - answer: When set, `requestWhenInUseAuthorization()` reports this status from inside
    ///     the call, as a provider that opens the device at once does.
    init(status: AuthorizationStatus, answeringRequestWith answer: AuthorizationStatus? = nil) {
        state = LockedState(State(status: status, answer: answer))
    }

    var authorizationStatus: AuthorizationStatus { state.withLock { $0.status } }

    var delegate: (any LocationProviderDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Everything the manager asked, in order.
    var calls: [Call] { state.withLock { $0.calls } }

    func requestWhenInUseAuthorization() {
        record(.requestWhenInUseAuthorization)
        if let answer = state.withLock({ $0.answer }) { changeAuthorization(to: answer) }
    }
    func startUpdatingLocation() { record(.startUpdatingLocation) }
    func stopUpdatingLocation() { record(.stopUpdatingLocation) }

    /// Reports one batch of fixes, oldest first.
    func report(_ locations: Location...) {
        delegate?.locationProvider(self, didUpdateLocations: locations)
    }

    /// Reports a sky view.
    func report(_ view: SatelliteView) {
        delegate?.locationProvider(self, didUpdateSatellites: view)
    }

    /// Changes the status and reports the change.
    func changeAuthorization(to status: AuthorizationStatus) {
        state.withLock { $0.status = status }
        delegate?.locationProvider(self, didChangeAuthorization: status)
    }

    /// Reports a failure.
    func fail(with error: any Error) {
        delegate?.locationProvider(self, didFailWithError: error)
    }

    private func record(_ call: Call) {
        state.withLock { $0.calls.append(call) }
    }
}
