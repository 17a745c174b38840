/// A fix as the screen receives it, with what the flow knows about it, as CoreLocation's
/// `CLLocationUpdate`.
public struct LocationUpdate: Hashable, Sendable {
    /// The fix.
    public var location: Location

    /// Whether the receiver is standing still (see `StationaryDetection`), as
    /// `CLLocationUpdate.isStationary`: `true` on the update that says stillness began, after
    /// which updates pause; `false` on every other, the one that says it ended included.
    /// Always `false` when stationary detection is off, the default.
    public var isStationary: Bool

    /// Creates an update.
    ///
    /// - Parameters:
    ///   - location: The fix.
    ///   - isStationary: Whether the receiver is standing still.
    public init(location: Location, isStationary: Bool = false) {
        self.location = location
        self.isStationary = isStationary
    }
}
