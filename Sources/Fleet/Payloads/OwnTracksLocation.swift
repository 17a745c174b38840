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
        if let timestamp = location.timestamp { writer.field("tst", Int(timestamp.timeIntervalSince1970.rounded(.down))) }
        writer.field("lat", location.coordinate.latitude, decimals: 7)
        writer.field("lon", location.coordinate.longitude, decimals: 7)
        writer.field("acc", location.horizontalAccuracy.map { Int($0.rounded()) })
        writer.field("alt", location.altitude.map { Int($0.rounded()) })
        writer.field("vac", location.verticalAccuracy.map { Int($0.rounded()) })
        writer.field("vel", location.speed.map { Int(($0 * 3.6).rounded()) })
        writer.field("cog", location.course.map { Int($0.rounded()) })
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
}

extension GPSDJSONWriter {
    /// `"key":value` for an integer; nothing when `value` is `nil`.
    mutating func field(_ key: StaticString, _ value: Int?) {
        if let value { field(key, value) }
    }
}
