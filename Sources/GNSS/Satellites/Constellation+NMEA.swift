// NMEA names a constellation in two ways: the NMEA 4.1 system ID at the end of GSA, and the
// range a satellite's number falls in, where one talker (GP, GN) numbers every system. The
// third, the talker itself (GL, GA, GB...), is NMEA's type, so NMEA maps it.
extension Constellation {
    /// The system an NMEA 4.1 system ID names (GSA field 18): 1 GPS, 2 GLONASS, 3 Galileo,
    /// 4 BeiDou, 5 QZSS, 6 NavIC; `nil` for any other.
    ///
    /// - Parameter nmeaSystemID: The hex digit as sent, 0–15.
    @inlinable
    public init?(nmeaSystemID: UInt8) {
        switch nmeaSystemID {
        case 1: self = .gps
        case 2: self = .glonass
        case 3: self = .galileo
        case 4: self = .beidou
        case 5: self = .qzss
        case 6: self = .navic
        default: return nil
        }
    }

    /// The system's NMEA 4.1 system ID; `nil` for SBAS (whose satellites GPS's ID covers) and
    /// for any system NMEA does not number.
    @inlinable
    public var nmeaSystemID: UInt8? {
        switch self {
        case .gps: 1
        case .glonass: 2
        case .galileo: 3
        case .beidou: 4
        case .qzss: 5
        case .navic: 6
        default: nil
        }
    }

    /// The system of satellite `id` as `GP` and `GN` number every system, in one range, as
    /// NMEA 0183 and u-blox do: 1–32 GPS, 33–64 and 152–158 SBAS, 65–96 GLONASS, 193–200 QZSS,
    /// 201–264 and 401–437 BeiDou, 301–336 Galileo; GPS for any other number.
    ///
    /// - Parameter id: The satellite's NMEA ID as a `GP` or `GN` sentence gives it.
    @inlinable
    public init(sharedNumbering id: Int) {
        switch id {
        case 33...64, 152...158: self = .sbas
        case 65...96: self = .glonass
        case 193...200: self = .qzss
        case 201...264, 401...437: self = .beidou
        case 301...336: self = .galileo
        default: self = .gps
        }
    }
}
