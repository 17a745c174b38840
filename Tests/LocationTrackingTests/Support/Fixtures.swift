import Foundation
import GNSS
import LocationTracking

/// Fixes as a GPS reports them, by what they are.
enum Fix {
    /// A good 3D GPS fix at the given place, with every indicator saying "fix".
    static func at(_ latitude: Double, _ longitude: Double) -> Location {
        Location(
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            altitude: 12.5, geoidSeparation: 47.3, speed: 1.2, course: 84.4,
            timestamp: Date(timeIntervalSince1970: 1_764_420_000),
            quality: .gps, mode: .threeDimensional, status: .valid, positioningMode: .autonomous,
            satellitesUsed: 9, hdop: 0.9)
    }

    /// Somewhere in Berlin.
    static let berlin = at(52.520_008, 13.404_954)
    /// Somewhere in Paris.
    static let paris = at(48.856_613, 2.352_222)
    /// Somewhere in Quito, a little south of the equator.
    static let quito = at(-0.180_653, -78.467_834)

    /// The same place as `base`, `metres` further north (along the meridian, near enough).
    static func north(of base: Location, by metres: Double) -> Location {
        at(base.coordinate.latitude + metres / 111_250, base.coordinate.longitude)
    }

    /// Fixes that are not positions, each with the reason it is not.
    static let notReal: [(reason: String, fix: Location)] = [
        ("null position (0, 0)", at(0, 0)),
        ("GGA quality 0", with(\.quality, .invalid)),
        ("RMC status V", with(\.status, .invalid)),
        ("RMC status neither A nor V", with(\.status, FixStatus(rawValue: UInt8(ascii: "X")))),
        ("GSA mode 1, no fix", with(\.mode, .noFix)),
        ("mode indicator N", with(\.positioningMode, .notValid)),
        ("GGA quality 7, manual input", with(\.quality, .manualInput)),
        ("GGA quality 8, simulator", with(\.quality, .simulated)),
        ("mode indicator M, manual input", with(\.positioningMode, .manualInput)),
        ("mode indicator S, simulator", with(\.positioningMode, .simulated)),
        ("latitude out of range", at(91, 10)),
        ("latitude not a number", at(.nan, 10)),
        ("longitude infinite", at(10, .infinity)),
    ]

    private static func with<Value>(_ keyPath: WritableKeyPath<Location, Value>, _ value: Value) -> Location {
        var fix = berlin
        fix[keyPath: keyPath] = value
        return fix
    }
}
