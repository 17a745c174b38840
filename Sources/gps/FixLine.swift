import Foundation
import LocationTracking

/// One fix as one line: UTC time, latitude, longitude, altitude, speed, satellites, HDOP and
/// accuracy, with `-` for what the receiver did not give.
struct FixLine: CustomStringConvertible {
    let location: Location

    init(_ location: Location) { self.location = location }

    var description: String {
        let time = location.timestamp.map { $0.formatted(.iso8601) } ?? "-"
        return [
            time.padding(toLength: 20, withPad: " ", startingAt: 0),
            String(format: "%11.6f %11.6f", location.coordinate.latitude, location.coordinate.longitude),
            Self.format(location.altitude, "%7.1f m", width: 9),
            Self.format(location.speed, "%5.1f m/s", width: 9),
            Self.format(location.satellitesUsed.map(Double.init), "%2.0f sat", width: 6),
            Self.format(location.hdop, "hdop %4.1f", width: 9),
            Self.format(location.horizontalAccuracy, "±%5.1f m", width: 8),
        ].joined(separator: "  ")
    }

    private static func format(_ value: Double?, _ format: String, width: Int) -> String {
        guard let value else { return String(repeating: " ", count: width - 1) + "-" }
        return String(format: format, value)
    }
}
