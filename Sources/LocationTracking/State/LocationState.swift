import FoundationEssentials
import GNSS

/// What a screen can say about its position, as one value to switch over: the way a loadable
/// state (loading, loaded, failed) serves a screen that shows a list from the network.
///
/// `AppLocationManager` drives it from the provider's epochs (with a fix or without), its
/// satellite views, its errors and its authorization, and from its own clock for `.lost`:
///
/// | state | when |
/// |---|---|
/// | `.idle` | not tracking: before `startTrackingLocation()`, during its start delay, after a stop |
/// | `.waitingForAccess` | access is being asked for, or refused and the restriction shows |
/// | `.acquiring` | authorized and reading, no good fix yet (the receiver may send epochs without one) |
/// | `.accuracyLimited` | positions arrive, none as accurate as the desired accuracy: "waiting for a good fix", not "no fix" |
/// | `.located` | a good fix is current |
/// | `.lost` | no good fix for longer than the lost timeout |
/// | `.failed` | the provider failed (the device has gone, say) and waits to recover |
public enum LocationState: Sendable {
    /// Not tracking.
    case idle

    /// Authorization is `notDetermined` (the question is asked), `denied` or `restricted`
    /// (the restriction shows); tracking resumes when access is granted.
    case waitingForAccess(AuthorizationStatus)

    /// Reading, with no good fix yet.
    ///
    /// - Parameter satellitesInView: How many satellites the receiver's last sky view held;
    ///   `nil` before the provider reported one.
    case acquiring(satellitesInView: Int?)

    /// Positions arrive, but none as accurate as `AppLocationManager.desiredAccuracy` (or
    /// with an accuracy estimate at all): the receiver is located, not well enough to deliver.
    /// Entered from any state but `.located`, where the last good fix stands until the lost
    /// timeout, and then this follows when the newest epoch was such a position.
    ///
    /// - Parameter newest: The newest such fix; it is neither delivered nor `currentLocation`.
    case accuracyLimited(Location)

    /// A good fix is current: the newest one, which is also `currentLocation`.
    case located(Location)

    /// No good fix came for longer than the lost timeout (a tunnel, indoors).
    ///
    /// - Parameters:
    ///   - last: The last good fix, still `currentLocation`.
    ///   - since: When that fix was taken: its receiver timestamp, or the system time it was
    ///     received when it has none.
    case lost(last: Location, since: Date)

    /// The provider reported an error (the device was unplugged or is missing, a capture is
    /// unreadable) and waits to recover: the next epoch or authorization answer moves on.
    case failed(any Error)
}

extension LocationState: Equatable {
    /// Whether two states say the same. Failures compare their errors with `==` when the error
    /// type is `Equatable`, else by type and description, so that a repeated report of the same
    /// failure is not a change.
    public static func == (lhs: LocationState, rhs: LocationState) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle): true
        case (.waitingForAccess(let a), .waitingForAccess(let b)): a == b
        case (.acquiring(let a), .acquiring(let b)): a == b
        case (.accuracyLimited(let a), .accuracyLimited(let b)): a == b
        case (.located(let a), .located(let b)): a == b
        case (.lost(let a, let aSince), .lost(let b, let bSince)): a == b && aSince == bSince
        case (.failed(let a), .failed(let b)): Self.error(a, equals: b)
        default: false
        }
    }

    private static func error(_ lhs: any Error, equals rhs: any Error) -> Bool {
        if let lhs = lhs as Any as? any Equatable { return lhs.isEqual(to: rhs) }
        return type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}

extension LocationState: CustomStringConvertible {
    /// The state in a few words, for logs: "acquiring (7 satellites in view)", "accuracy-limited
    /// (± 48.0 m)", "lost since 2025-06-01T10:00:05Z".
    public var description: String {
        switch self {
        case .idle: "idle"
        case .waitingForAccess(let status): "waiting for access (\(status))"
        case .acquiring(let count?): "acquiring (\(count) satellites in view)"
        case .acquiring(nil): "acquiring"
        case .accuracyLimited(let location):
            "accuracy-limited (" + (location.horizontalAccuracy.map { "± " + FixedDecimal.string($0, decimals: 1) + " m" } ?? "accuracy unknown") + ")"
        case .located(let location):
            "located at \(location.coordinate.latitude), \(location.coordinate.longitude)"
        case .lost(_, let since): "lost since \(since.formatted(.iso8601))"
        case .failed(let error): "failed: \(error)"
        }
    }
}
