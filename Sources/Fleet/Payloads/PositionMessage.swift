import FoundationEssentials
import GNSS
import LocationTracking

/// What a message on a followed topic says, whichever format it is in: OwnTracks' location or
/// last will, or gpsd's TPV.
public enum PositionMessage: Equatable, Sendable {
    /// A fix; with OwnTracks, the publisher's `seq` and `sent` when it gave them.
    case location(Location, sequence: Int?, sentMilliseconds: Int?)
    /// The publisher has gone (OwnTracks' `lwt`, or a TPV of mode 0 or 1 with no position).
    case publisherGone
    /// Not a position: why, for the message that says it was rejected.
    case rejected(String)

    /// The longest payload read, in bytes: a position is a few hundred.
    public static let maximumPayload = 16 * 1024

    /// Reads `payload`.
    public init(payload: [UInt8]) {
        guard payload.count <= Self.maximumPayload else {
            self = .rejected("a payload of \(payload.count) bytes, more than \(Self.maximumPayload)")
            return
        }
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(payload)) else {
            self = .rejected("not a JSON object of OwnTracks or gpsd")
            return
        }
        self = fields.message
    }

    /// The members either format may have; which are read depends on `_type` or `class`.
    private struct Fields: Decodable {
        var _type: String?
        var `class`: String?
        var lat: Double?
        var lon: Double?
        var tst: Double?
        var acc: Double?
        var alt: Double?
        var altMSL: Double?
        var vac: Double?
        var vel: Double?
        var cog: Double?
        var speed: Double?
        var track: Double?
        var mode: Int?
        var eph: Double?
        var epv: Double?
        var time: String?
        var hdop: Double?
        var sats: Int?
        var fix: String?
        var seq: Int?
        var sent: Int?

        var message: PositionMessage {
            if let outOfRange { return .rejected(outOfRange) }
            if _type == "lwt" { return .publisherGone }
            if _type == "location" { return ownTracks }
            if `class` == "TPV" { return tpv }
            return .rejected("neither an OwnTracks location nor a gpsd TPV")
        }

        private var ownTracks: PositionMessage {
            guard let coordinate else { return .rejected("an OwnTracks location without a valid lat and lon") }
            let mode: FixMode? = switch fix { case "2d": .twoDimensional; case "3d": .threeDimensional; default: nil }
            let location = Location(
                coordinate: coordinate, altitude: alt, speed: vel.map { $0 / 3.6 }, course: cog,
                timestamp: parsedTime ?? tst.map { Date(timeIntervalSince1970: $0) }, mode: mode, satellitesUsed: sats,
                hdop: hdop, horizontalAccuracy: acc, verticalAccuracy: vac)
            return .location(location, sequence: seq, sentMilliseconds: sent)
        }

        private var tpv: PositionMessage {
            guard let mode, mode >= 2 else { return .publisherGone }
            guard let coordinate else { return .rejected("a gpsd TPV of mode \(mode) without a valid lat and lon") }
            let location = Location(
                coordinate: coordinate, altitude: altMSL ?? alt, speed: speed, course: track, timestamp: parsedTime,
                mode: mode == 3 ? .threeDimensional : .twoDimensional, horizontalAccuracy: eph, verticalAccuracy: epv)
            return .location(location, sequence: nil, sentMilliseconds: nil)
        }

        private var coordinate: Coordinate? {
            guard let lat, let lon, (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }

        private var parsedTime: Date? {
            guard let time else { return nil }
            let date = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(time))
                ?? (try? Date.ISO8601FormatStyle().parse(time))
            return date.flatMap { PositionRange.time.contains($0.timeIntervalSince1970) ? $0 : nil }
        }

        /// Why a number is out of its `PositionRange`, naming the first such key; `nil` when
        /// every number given is in range. Checked before anything is converted.
        private var outOfRange: String? {
            let numbers: [(String, Double?, ClosedRange<Double>)] = [
                ("tst", tst, PositionRange.time), ("alt", alt, PositionRange.altitude),
                ("altMSL", altMSL, PositionRange.altitude), ("acc", acc, PositionRange.accuracy),
                ("vac", vac, PositionRange.accuracy), ("eph", eph, PositionRange.accuracy),
                ("epv", epv, PositionRange.accuracy), ("vel", vel, PositionRange.speed * 3.6),
                ("speed", speed, PositionRange.speed), ("cog", cog, PositionRange.course),
                ("track", track, PositionRange.course), ("hdop", hdop, PositionRange.dilution),
                ("sats", sats.map(Double.init), PositionRange.satellites),
            ]
            for (key, value, range) in numbers {
                if let value, !range.contains(value) { return "\(key) is out of range (\(range.text))" }
            }
            return nil
        }
    }
}
