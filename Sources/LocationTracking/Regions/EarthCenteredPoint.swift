import FoundationEssentials
import Glibc

/// A point on the WGS-84 ellipsoid in earth-centred, earth-fixed coordinates (metres): cheap
/// bounds for geodesic distances.
///
/// The straight chord between two points is never longer than the geodesic between them, and
/// not much shorter (`longestGeodesic(forChord:)`), so a chord settles most comparisons of a
/// distance with a threshold with three subtractions and a square root, where Vincenty's
/// formula iterates over trigonometry. Near the poles and across the antimeridian it is as good
/// as anywhere: the coordinates have no seam.
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

    /// The smallest radius of curvature of the ellipsoid, the meridian's at the equator,
    /// a(1 − e²), in metres.
    private static let smallestRadiusOfCurvature = WGS84Geodesic.a * (1 - WGS84Geodesic.f * (2 - WGS84Geodesic.f))

    /// An upper bound in metres of the geodesic distance between two points `chord` metres
    /// apart; infinity beyond 1,000 km, where the caller should compute the geodesic.
    ///
    /// A geodesic, as a curve in space, bends no more than the surface does, 1/R at most with
    /// R = `smallestRadiusOfCurvature`; by Schur's comparison theorem its chord is then at
    /// least that of a circle of radius R of the same length s: c ≥ 2R sin(s / 2R), so
    /// s ≤ 2R asin(c / 2R) = c + c³/24R² + 3c⁵/640R⁴ + …. Up to 1,000 km the terms after c³
    /// add less than 0.3 % of it, which the factor 1.01 covers.
    static func longestGeodesic(forChord chord: Double) -> Double {
        guard chord < 1_000_000 else { return .infinity }
        let r = smallestRadiusOfCurvature
        return chord + 1.01 * chord * chord * chord / (24 * r * r)
    }
}
