import LocationTracking
import NMEA

extension Constellation {
    /// The system a constellation's own talker (`GL`, `GA`, `GB`/`BD`, `GQ`/`QZ`, `GI`) names;
    /// `nil` for `GP`, `GN` and any other, whose satellites' numbers say their system
    /// (`init(sharedNumbering:)`).
    ///
    /// - Parameter talker: The talker of a GSV or GSA sentence.
    init?(talker: Talker) {
        switch talker {
        case .glonass: self = .glonass
        case .galileo: self = .galileo
        case .beidouGB, .beidouBD: self = .beidou
        case .qzssGQ, .qzssQZ: self = .qzss
        case .navic: self = .navic
        default: return nil
        }
    }

    /// The system of an NMEA 4.1 system ID (GSA field 18): 1 GPS, 2 GLONASS, 3 Galileo,
    /// 4 BeiDou, 5 QZSS, 6 NavIC; `nil` for any other.
    init?(_ system: GNSSSystem) {
        switch system {
        case .gps: self = .gps
        case .glonass: self = .glonass
        case .galileo: self = .galileo
        case .beidou: self = .beidou
        case .qzss: self = .qzss
        case .navic: self = .navic
        default: return nil
        }
    }

    /// The system of satellite `id` as `GP` and `GN` number every system, in one range, as
    /// NMEA 0183 and u-blox do: 1–32 GPS, 33–64 and 152–158 SBAS, 65–96 GLONASS, 193–200 QZSS,
    /// 201–264 and 401–437 BeiDou, 301–336 Galileo.
    init(sharedNumbering id: Int) {
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
