/// How many fixes a screen receives once updates run.
public enum TrackingMode: Hashable, Sendable {
    /// The first good fix, then updates stop: the default, for "where am I now".
    case oneShot
    /// Every good fix (the newest of each batch), until tracking stops.
    case continuous
    /// The first good fix, then each one at least `meters` (geodesic, see
    /// `Location.distance(from:)`) from the last one delivered. Zero, a negative value or NaN
    /// delivers every fix, as `continuous` does.
    case significantChanges(meters: Double)
}
