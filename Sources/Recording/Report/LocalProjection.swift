import FoundationEssentials
import Glibc
import LocationTracking

/// A local flat map around a set of positions: metres east and north of their mean, on a
/// sphere of the Earth's mean radius (an equirectangular projection at the mean latitude:
/// within a few kilometres the error is far below a receiver's).
struct LocalProjection {
    static let earthRadius = 6_371_008.8
    let center: Coordinate
    private let metresPerDegreeLongitude: Double
    private let metresPerDegreeLatitude = earthRadius * .pi / 180

    /// A projection centred on the mean of `coordinates`; `nil` for none.
    init?(_ coordinates: [Coordinate]) {
        guard !coordinates.isEmpty else { return nil }
        let count = Double(coordinates.count)
        let latitude = coordinates.map(\.latitude).reduce(0, +) / count
        // Longitudes averaged as angles, so a capture across the antimeridian stays together.
        let sine = coordinates.map { sin($0.longitude * .pi / 180) }.reduce(0, +)
        let cosine = coordinates.map { cos($0.longitude * .pi / 180) }.reduce(0, +)
        center = Coordinate(latitude: latitude, longitude: atan2(sine, cosine) * 180 / .pi)
        metresPerDegreeLongitude = metresPerDegreeLatitude * cos(latitude * .pi / 180)
    }

    /// Metres east (`x`) and north (`y`) of the centre.
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        var longitude = coordinate.longitude - center.longitude
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return (longitude * metresPerDegreeLongitude, (coordinate.latitude - center.latitude) * metresPerDegreeLatitude)
    }
}
