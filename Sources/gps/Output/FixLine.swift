import FoundationEssentials
import Glibc
import GNSS
import GPSD
import LocationTracking

/// One fix as one line: UTC time (to the millisecond, as gpsd writes it: a 10 Hz receiver's
/// fixes each have their own), latitude, longitude, altitude, speed, satellites, HDOP and
/// accuracy (to the centimetre below a metre), with `-` for what the receiver did not give,
/// and the corrections the receiver applied, when it applied some.
///
/// ```
/// 2025-06-01T10:00:05.000Z    48.137413   11.575520    519.4 m    1.4 m/s   9 sat  hdop  1.0  ±  7.5 m
/// 2019-04-22T21:19:21.000Z   -45.877525  170.500133     27.5 m    0.3 m/s  28 sat          -  ± 0.01 m  RTK fixed
/// ```
struct FixLine: CustomStringConvertible {
    let location: Location

    init(_ location: Location) { self.location = location }

    var description: String {
        var line = ""
        line.reserveCapacity(100)
        let time = location.timestamp.map { GPSDTimestamp($0).description } ?? "-"
        line += time
        if time.count < 24 { line += String(repeating: " ", count: 24 - time.count) }
        line += "  "
        FixedDecimal.append(location.coordinate.latitude, decimals: 6, width: 11, to: &line)
        line += " "
        FixedDecimal.append(location.coordinate.longitude, decimals: 6, width: 11, to: &line)
        Self.append(location.altitude, decimals: 1, width: 7, prefix: "", unit: " m", to: &line)
        Self.append(location.speed, decimals: 1, width: 5, prefix: "", unit: " m/s", to: &line)
        Self.append(location.satellitesUsed.map(Double.init), decimals: 0, width: 2, prefix: "", unit: " sat", to: &line)
        Self.append(location.hdop, decimals: 1, width: 4, prefix: "hdop ", unit: "", to: &line)
        let accuracy = location.horizontalAccuracy
        Self.append(accuracy, decimals: accuracy.map { $0 < 1 ? 2 : 1 } ?? 1, width: 5, prefix: "±", unit: " m", to: &line)
        if location.correction != .none { line += "  \(location.correction)" }
        return line
    }

    /// Two spaces, then `prefix`, the number and `unit`, or `-` right-aligned in their width.
    private static func append(
        _ value: Double?, decimals: Int, width: Int, prefix: String, unit: String, to line: inout String
    ) {
        line += "  "
        guard let value else {
            line += String(repeating: " ", count: prefix.count + width + unit.count - 1) + "-"
            return
        }
        line += prefix
        FixedDecimal.append(value, decimals: decimals, width: width, to: &line)
        line += unit
    }
}
