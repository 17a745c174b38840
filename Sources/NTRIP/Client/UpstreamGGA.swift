import FoundationEssentials
import LocationTracking
import NMEA

/// The GGA an NTRIP client sends its caster so a network (VRS) or nearest-base mountpoint knows
/// where the receiver is: built from the receiver's own last valid fix, never from an invalid one.
///
/// ```text
/// $GPGGA,100005.00,4808.24478,N,01134.53120,E,1,09,1.0,519.4,M,47.0,M,,*5C
/// ```
public enum UpstreamGGA {
    /// The sentence for `location`, CR LF ended; `nil` unless `location.isValidFix`.
    public static func sentence(for location: Location) -> [UInt8]? {
        guard location.isValidFix else { return nil }
        var fields: [String] = ["GPGGA"]
        if let timestamp = location.timestamp {
            let hundredths = Int((timestamp.timeIntervalSince1970 * 100).rounded(.down))
            let ofDay = (hundredths % 8_640_000 + 8_640_000) % 8_640_000
            fields.append(
                padded(ofDay / 360_000, 2) + padded(ofDay / 6000 % 60, 2) + padded(ofDay / 100 % 60, 2) + "." + padded(ofDay % 100, 2))
        } else {
            fields.append("")
        }
        let (latitude, north) = angle(location.coordinate.latitude, degreeDigits: 2)
        let (longitude, east) = angle(location.coordinate.longitude, degreeDigits: 3)
        fields += [latitude, north ? "N" : "S", longitude, east ? "E" : "W"]
        let quality = location.quality.map { Int($0.rawValue) }.flatMap { $0 > 0 ? $0 : nil } ?? 1
        fields.append(String(quality))
        fields.append(padded(min(location.satellitesUsed ?? 0, 99), 2))
        fields.append(location.hdop.map { decimal($0, places: 1) } ?? "")
        fields += [location.altitude.map { decimal($0, places: 1) } ?? "", "M"]
        fields += [location.geoidSeparation.map { decimal($0, places: 1) } ?? "", "M", "", ""]
        return Array(NMEASentence.encode(body: fields.joined(separator: ",")).utf8)
    }

    /// `value` degrees as NMEA's `ddmm.mmmmm` (`dddmm.mmmmm` with three degree digits), and its sign.
    private static func angle(_ value: Double, degreeDigits: Int) -> (String, Bool) {
        var hundredThousandthsOfMinute = Int((value.magnitude * 60 * 100_000).rounded())
        let degrees = hundredThousandthsOfMinute / 6_000_000
        hundredThousandthsOfMinute %= 6_000_000
        let minutes = hundredThousandthsOfMinute / 100_000
        let fraction = hundredThousandthsOfMinute % 100_000
        return (padded(degrees, degreeDigits) + padded(minutes, 2) + "." + padded(fraction, 5), value >= 0)
    }

    /// `value` with `places` decimals, rounded half away from zero.
    private static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value.magnitude * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + String(scaled / scale) + (places > 0 ? "." + padded(scaled % scale, places) : "")
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
