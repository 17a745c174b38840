import Foundation
import LocationTracking

/// Synthetic tracks: fixes placed by metres and seconds around a point, as a receiver moving
/// (or standing) there would report them.
enum Track {
    /// The time of second 0.
    static let start = Date(timeIntervalSince1970: 1_764_420_000)

    /// The point `north` and `east` metres from `origin`, on a local flat approximation (the
    /// ellipsoid's radii of curvature at `origin`: good to well under a millimetre per 100 m).
    static func coordinate(_ north: Double, _ east: Double, from origin: Coordinate) -> Coordinate {
        let a = 6_378_137.0, f = 1 / 298.257_223_563, e2 = f * (2 - f)
        let latitude = origin.latitude * .pi / 180
        let w = 1 - e2 * sin(latitude) * sin(latitude)
        let meridional = a * (1 - e2) / (w * w.squareRoot()), normal = a / w.squareRoot()
        var longitude = origin.longitude + east / (normal * cos(latitude)) * 180 / .pi
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: origin.latitude + north / meridional * 180 / .pi, longitude: longitude)
    }

    /// A good fix `north` and `east` metres from `origin`, at `second`, with the given speed
    /// (m/s) and horizontal accuracy (m, `nil` for none).
    static func fix(
        _ north: Double, _ east: Double, from origin: Coordinate, second: Double = 0, speed: Double? = 0,
        accuracy: Double? = 3
    ) -> Location {
        Location(
            coordinate: coordinate(north, east, from: origin), speed: speed, course: nil,
            timestamp: start.addingTimeInterval(second), quality: .gps, mode: .threeDimensional, status: .valid,
            positioningMode: .autonomous, satellitesUsed: 9, horizontalAccuracy: accuracy)
    }
}
