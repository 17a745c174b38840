/// A circle on the ground to monitor: a centre, a radius in metres and an identifier, as
/// CoreLocation's `CLCircularRegion` (CLMonitor's `CircularGeographicCondition`).
///
/// Distances to the centre are geodesic on the WGS-84 ellipsoid (`Coordinate.distance(from:)`),
/// so a region may straddle the antimeridian or cover a pole.
public struct CircularRegion: Hashable, Sendable {
    /// The name events carry; unique among the regions one monitor watches.
    public let identifier: String

    /// The centre, in WGS-84 degrees.
    public let center: Coordinate

    /// The radius in metres, 0 or more.
    public let radius: Double

    /// Creates a region, or `nil` when it could never be inside: an empty identifier, a centre
    /// that is not `Coordinate.isValid`, or a radius that is negative, NaN or infinite.
    ///
    /// - Parameters:
    ///   - center: The centre, in WGS-84 degrees.
    ///   - radius: The radius in metres; 0 makes a region of the centre alone.
    ///   - identifier: The region's name.
    public init?(center: Coordinate, radius: Double, identifier: String) {
        guard !identifier.isEmpty, center.isValid, radius.isFinite, radius >= 0 else { return nil }
        self.identifier = identifier
        self.center = center
        self.radius = radius
    }

    /// Whether `coordinate` is inside: no farther from the centre than the radius, a point on
    /// the circle included. No hysteresis applies here; see `RegionMonitor` for that.
    ///
    /// - Parameter coordinate: The point; one that is not `Coordinate.isValid` is never inside.
    public func contains(_ coordinate: Coordinate) -> Bool {
        coordinate.distance(from: center) <= radius
    }
}
