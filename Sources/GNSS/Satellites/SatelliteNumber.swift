/// A satellite's number as NMEA gives it, and the same satellite in gpsd's and u-blox's
/// numberings, as gpsd 3.22 converts them.
///
/// A talker numbers its satellites in its constellation's own range (`GL`: GLONASS 1–32) or in
/// the range `GP` and `GN` share (GLONASS 65–96); both convert to one gpsd `PRN` and one u-blox
/// `svId`:
///
/// | constellation | NMEA ID | gpsd `PRN` | u-blox `svId` |
/// |---|---|---|---|
/// | GPS | 1–32 | 1–32 | 1–32 |
/// | SBAS | 33–64, 152–158 | 33–64, 152–158 | 120–151, 152–158 |
/// | GLONASS | 1–32 or 65–96 | 65–96 | 1–32 |
/// | Galileo | 1–36 or 301–336 | 301–336 | 1–36 |
/// | BeiDou | 1–63, 201–263 or 401–463 | 401–463 | 1–63 |
/// | QZSS | 1–10 or 193–202 | 193–202 | 1–10 |
/// | NavIC | 1–14 | 1–14 | 1–14 |
public struct SatelliteNumber: Hashable, Sendable {
    /// The system the satellite belongs to; its `rawValue` is u-blox's `gnssId`.
    public var constellation: Constellation

    /// The satellite's ID as its talker sent it, in its constellation's range or the shared one.
    public var nmeaID: Int

    /// A satellite as NMEA numbers it.
    ///
    /// - Parameters:
    ///   - constellation: The system, from the talker, the GSA system ID or the shared range.
    ///   - nmeaID: The ID as sent.
    @inlinable
    public init(constellation: Constellation, nmeaID: Int) {
        self.constellation = constellation
        self.nmeaID = nmeaID
    }

    /// A satellite as u-blox numbers it, given its NMEA ID in the range `GP` and `GN` share
    /// (which is its gpsd `PRN`).
    ///
    /// - Parameters:
    ///   - constellation: The system, u-blox's `gnssId`.
    ///   - ubloxSVID: The number within the system, u-blox's `svId`.
    @inlinable
    public init(constellation: Constellation, ubloxSVID svID: Int) {
        self.constellation = constellation
        nmeaID = switch constellation {
        case .sbas: svID >= 120 && svID < 152 ? svID - 87 : svID
        case .glonass: svID + 64
        case .galileo: svID + 300
        case .beidou: svID + 400
        case .qzss: svID + 192
        default: svID
        }
    }

    /// u-blox's `gnssId`, gpsd's `gnssid`: the constellation's number.
    @inlinable public var ubloxGNSSID: Int { Int(constellation.rawValue) }

    /// gpsd's `PRN` (gpsd_json(5)): NMEA's shared range, with Galileo at 301–336, BeiDou at
    /// 401–463 and QZSS at 193–202.
    @inlinable @inline(__always)
    public var gpsdPRN: Int {
        let id = nmeaID
        return switch constellation {
        case .glonass: id > 64 ? id : id + 64
        case .galileo: id > 300 ? id : id + 300
        case .beidou: id > 400 ? id : id > 200 ? id + 200 : id + 400
        case .qzss: id > 192 ? id : id + 192
        default: id
        }
    }

    /// u-blox's `svId`, gpsd's `svid`: the number within the constellation.
    @inlinable @inline(__always)
    public var ubloxSVID: Int {
        let id = nmeaID
        return switch constellation {
        case .sbas: id < 100 ? id + 87 : id
        case .glonass: id > 64 ? id - 64 : id
        case .galileo: id > 300 ? id - 300 : id
        case .beidou: id > 400 ? id - 400 : id > 200 ? id - 200 : id
        case .qzss: id > 192 ? id - 192 : id
        default: id
        }
    }
}
