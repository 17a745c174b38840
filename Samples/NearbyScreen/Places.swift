import Foundation
import LocationTracking

/// A place the screen can list.
struct Place: Sendable {
    let name: String
    let coordinate: Coordinate
}

/// One answer: a place, how far (m, geodesic) and in which direction (degrees true).
struct NearbyPlace: Sendable {
    let place: Place
    let distance: Double
    let bearing: Double

    /// The bearing as a compass point: N, NE, E...
    var compassPoint: String {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][Int((bearing + 22.5) / 45) % 8]
    }
}

/// The bundled list, behind an actor as a network service would be: asking it is real async
/// work, done off the screen's actor.
actor PlaceDirectory {
    /// Landmarks of central Munich, where the sample drive starts (positions to about 20 m).
    static let munich = PlaceDirectory(places: [
        Place(name: "Marienplatz", coordinate: Coordinate(latitude: 48.137_154, longitude: 11.576_124)),
        Place(name: "Frauenkirche", coordinate: Coordinate(latitude: 48.138_631, longitude: 11.573_326)),
        Place(name: "Viktualienmarkt", coordinate: Coordinate(latitude: 48.135_125, longitude: 11.576_200)),
        Place(name: "Hofbräuhaus", coordinate: Coordinate(latitude: 48.137_600, longitude: 11.579_800)),
        Place(name: "Isartor", coordinate: Coordinate(latitude: 48.135_060, longitude: 11.581_700)),
        Place(name: "Residenz", coordinate: Coordinate(latitude: 48.141_300, longitude: 11.578_600)),
        Place(name: "Odeonsplatz", coordinate: Coordinate(latitude: 48.142_614, longitude: 11.577_513)),
        Place(name: "Karlsplatz (Stachus)", coordinate: Coordinate(latitude: 48.139_100, longitude: 11.566_400)),
        Place(name: "Sendlinger Tor", coordinate: Coordinate(latitude: 48.133_970, longitude: 11.567_300)),
        Place(name: "Deutsches Museum", coordinate: Coordinate(latitude: 48.129_870, longitude: 11.583_520)),
        Place(name: "Chinesischer Turm", coordinate: Coordinate(latitude: 48.152_633, longitude: 11.591_961)),
        Place(name: "Friedensengel", coordinate: Coordinate(latitude: 48.143_940, longitude: 11.595_400)),
    ])

    private let places: [Place]

    init(places: [Place]) {
        self.places = places
    }

    /// The `count` places nearest to `coordinate`, nearest first.
    func nearest(to coordinate: Coordinate, count: Int) -> [NearbyPlace] {
        places.map { place in
            NearbyPlace(
                place: place, distance: place.coordinate.distance(from: coordinate),
                bearing: Self.initialBearing(from: coordinate, to: place.coordinate))
        }
        .sorted { $0.distance < $1.distance }
        .prefix(count)
        .map { $0 }
    }

    /// The initial great-circle bearing in degrees true, 0..<360; on a sphere, which is within
    /// a fraction of a degree of the ellipsoid's at a city's distances.
    private static func initialBearing(from a: Coordinate, to b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        return (atan2(y, x) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    }
}
