import GNSS
import LocationTracking

/// What the caster's `STR;` line says of its one mountpoint: the RTCM 3 message types sent so
/// far, and the base's position.
struct SourceTableLine {
    /// The message types broadcast so far.
    var types: Set<Int>
    /// The base's position, degrees; `nil`: none known.
    var position: Coordinate?

    /// The line, CRLF-terminated: latitude and longitude with two decimals, as the NTRIP
    /// specification asks (about 1 km), or 0.00, 0.00 without a position.
    func text(mountpoint: String, authentication: String) -> String {
        let details = types.sorted().map(String.init).joined(separator: ",")
        let latitude = FixedDecimal.string(position?.latitude ?? 0, decimals: 2)
        let longitude = FixedDecimal.string(position?.longitude ?? 0, decimals: 2)
        return "STR;\(mountpoint);\(mountpoint);RTCM 3.3;\(details);2;GNSS;GPSReader;;\(latitude);\(longitude);0;0;"
            + "GPSReader;none;\(authentication);N;0;\r\n"
    }
}
