import FoundationEssentials
import GNSS
import GPSD
import LocationTracking

/// A fix as OwnTracks' location message: `_type` `"location"`, `lat`, `lon` (degrees), `tst`
/// (the fix's UTC time, whole seconds since 1970), `acc` (horizontal accuracy, m), `alt` (m above
/// sea level), `vac` (vertical accuracy, m), `vel` (km/h), `cog` (course over ground, degrees),
/// `tid` (a two-character tracker id). OwnTracks writes those numbers as integers; what it has
/// no key for goes under keys of its own, which OwnTracks' readers ignore: `time` (the fix's
/// time to the millisecond, ISO 8601), `hdop`, `sats` (satellites used), `fix` (`"2d"`, `"3d"`),
/// `seq` (the publisher's count of fixes, from 0) and `sent` (the system time when the fix was
/// queued, milliseconds since 1970, for measuring latency).
public struct OwnTracksLocation: Hashable, Sendable {
    /// The fix.
    public var location: Location
    /// The tracker id, `tid`: two characters shown on OwnTracks' map.
    public var trackerID: String
    /// The publisher's count of fixes, from 0.
    public var sequence: Int?
    /// When the publisher queued the fix, in milliseconds since 1970.
    public var sentMilliseconds: Int?

    /// A message for `location`.
    public init(location: Location, trackerID: String, sequence: Int? = nil, sentMilliseconds: Int? = nil) {
        self.location = location
        self.trackerID = trackerID
        self.sequence = sequence
        self.sentMilliseconds = sentMilliseconds
    }

    /// The JSON object, one line, no line ending.
    public func json() -> [UInt8] {
        var writer = GPSDJSONWriter(capacity: 512)
        writer.beginObject()
        writer.field("_type", "location" as StaticString)
        writer.field("tid", trackerID)
        writer.field("tst", location.timestamp.flatMap { Int(exactly: $0.timeIntervalSince1970.rounded(.down)) })
        writer.field("lat", location.coordinate.latitude, decimals: 7)
        writer.field("lon", location.coordinate.longitude, decimals: 7)
        writer.field("acc", location.horizontalAccuracy.flatMap(Self.wholeNumber))
        writer.field("alt", location.altitude.flatMap(Self.wholeNumber))
        writer.field("vac", location.verticalAccuracy.flatMap(Self.wholeNumber))
        writer.field("vel", location.speed.flatMap { Self.wholeNumber($0 * 3.6) })
        writer.field("cog", location.course.flatMap(Self.wholeNumber))
        writer.field("time", location.timestamp)
        writer.field("hdop", location.hdop, decimals: 1)
        writer.field("sats", location.satellitesUsed)
        switch location.mode {
        case .twoDimensional: writer.field("fix", "2d" as StaticString)
        case .threeDimensional: writer.field("fix", "3d" as StaticString)
        default: break
        }
        writer.field("seq", sequence)
        writer.field("sent", sentMilliseconds)
        writer.endObject()
        return Array(writer.bytes.dropLast(2))  // the writer's CR LF
    }

    /// `value` rounded to a whole number; `nil` (the key left out) when it is not finite or
    /// beyond `Int`.
    private static func wholeNumber(_ value: Double) -> Int? { Int(exactly: value.rounded()) }
}

extension GPSDJSONWriter {
    /// `"key":value` for an integer; nothing when `value` is `nil`.
    mutating func field(_ key: StaticString, _ value: Int?) {
        if let value { field(key, value) }
    }
}
