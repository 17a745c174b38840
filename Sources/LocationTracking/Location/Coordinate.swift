/// A point on the WGS-84 ellipsoid, in degrees.
///
/// GPS receivers report WGS-84 positions, so no datum conversion happens anywhere in this module.
public struct Coordinate: Hashable, Sendable {
    /// Geodetic latitude in degrees, north positive, in -90...90.
    public var latitude: Double

    /// Longitude in degrees, east positive, in -180...180.
    public var longitude: Double

    /// Creates a coordinate from degrees; no range check happens here (see `isValid`).
    ///
    /// - Parameters:
    ///   - latitude: Degrees north of the equator (negative is south).
    ///   - longitude: Degrees east of Greenwich (negative is west).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and in range: latitude in -90...90, longitude in -180...180.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Whether this is exactly (0, 0), the "null island" position receivers and parsers emit when
    /// they have no position. Points on the equator or on the Greenwich meridian alone are not.
    public var isNullPosition: Bool {
        latitude == 0 && longitude == 0
    }

    /// The length in metres of the shortest path over the WGS-84 ellipsoid between two
    /// coordinates, ignoring altitude.
    ///
    /// The model is the WGS-84 ellipsoid (a = 6 378 137 m, f = 1/298.257223563), solved with
    /// Vincenty's inverse formula, which is accurate to well under a millimetre. Vincenty's
    /// iteration does not converge for some nearly antipodal pairs; there the distance is found as
    /// the shortest sum of two Vincenty legs through a searched midpoint, accurate to about a
    /// millimetre as well. Either way the error is far below 0.1 %.
    ///
    /// - Parameter other: The other end of the path.
    /// - Returns: The geodesic distance in metres, 0 for equal points, NaN when either
    ///   coordinate is not `isValid`.
    public func distance(from other: Coordinate) -> Double {
        guard isValid, other.isValid else { return .nan }
        return WGS84Geodesic.distance(from: self, to: other)
    }
}
