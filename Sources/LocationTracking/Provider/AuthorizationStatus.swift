/// Whether the app may use the location source, as CoreLocation's `CLAuthorizationStatus`.
///
/// On Linux a provider maps device access onto it: a device it can open is
/// `authorizedWhenInUse`, `EACCES` is `denied` (the user can fix it), `EPERM` is `restricted`
/// (a policy forbids it).
public enum AuthorizationStatus: Hashable, Sendable, CaseIterable {
    /// Nobody has asked yet; `requestWhenInUseAuthorization()` asks.
    case notDetermined
    /// Access is forbidden by a policy the user cannot change.
    case restricted
    /// Access was refused; the user can grant it.
    case denied
    /// Access is granted while the app runs.
    case authorizedWhenInUse
    /// Access is granted at all times.
    case authorizedAlways

    /// Whether fixes may be requested (`authorizedWhenInUse` or `authorizedAlways`).
    public var isAuthorized: Bool {
        self == .authorizedWhenInUse || self == .authorizedAlways
    }
}
