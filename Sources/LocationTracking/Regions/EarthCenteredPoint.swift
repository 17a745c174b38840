import Foundation

/// A point on the WGS-84 ellipsoid in earth-centred, earth-fixed coordinates (metres): a cheap
/// lower bound for geodesic distances.
///
/// The straight chord between two points is never longer than the geodesic between them, so a
/// chord longer than a threshold proves the geodesic is too, with three subtractions and a
/// square root where Vincenty's formula iterates over trigonometry. Near the poles and across
/// the antimeridian it is as good as anywhere: the coordinates have no seam.
struct EarthCenteredPoint: Sendable {
    var x, y, z: Double

    /// The point on the ellipsoid (height 0) at `coordinate`.
    init(_ coordinate: Coordinate) {
        let latitude = coordinate.latitude * .pi / 180, longitude = coordinate.longitude * .pi / 180
        let sinLatitude = sin(latitude), cosLatitude = cos(latitude)
        let eccentricitySquared = WGS84Geodesic.f * (2 - WGS84Geodesic.f)
        // The radius of curvature in the prime vertical.
        let n = WGS84Geodesic.a / (1 - eccentricitySquared * sinLatitude * sinLatitude).squareRoot()
        x = n * cosLatitude * cos(longitude)
        y = n * cosLatitude * sin(longitude)
        z = n * (1 - eccentricitySquared) * sinLatitude
    }

    /// The straight-line distance in metres: at most the geodesic distance, and within a
    /// millimetre of it up to 10 km apart.
    func chord(to other: EarthCenteredPoint) -> Double {
        let dx = x - other.x, dy = y - other.y, dz = z - other.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
}
