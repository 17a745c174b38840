import GNSS
import GPSReader
import LocationTracking
import NMEA

/// gpsd 3.22's `PRN` for a satellite a GSA sentence lists as used (`nmeaid_to_prn` in its
/// `driver_nmea0183.c`, as its GSA decoder calls it).
///
/// gpsd numbers a GSA's satellites by the talker alone: a constellation's own talker (`GL`,
/// `GA`, `GB`/`BD`, `GQ`/`QZ`, `GI`) moves them into that system's range, and a `GP` or `GN`
/// list is read in the range those talkers share, whatever NMEA 4.1 system ID ends the
/// sentence. So a `GN` GSA's BeiDou 13 is gpsd's GPS 13, not its BeiDou 413, and no satellite
/// of a GSV sentence matches it: gpsd marks used only the satellites whose `PRN` the GSAs list.
enum GPSDSatelliteNumbering {
    /// The `PRN` gpsd gives satellite `id` of a GSA from `talker`; 0 for a number gpsd does
    /// not place (it then marks nothing used for it).
    static func usedPRN(talker: Talker, id: Int) -> Int {
        guard id >= 1 else { return 0 }
        switch talker {
        case .glonass: return 64 + (id < 64 ? id : id - 64)
        case .galileo: return 300 + (id < 100 ? id : id - 100)
        case .beidouGB, .beidouBD: return 400 + (id < 100 ? id : id - 200)
        case .qzssGQ, .qzssQZ: return 192 + (id < 100 ? id : id - 192)
        case .navic: return 500 + id
        default: return sharedRangePRN(id)
        }
    }

    /// `satellite` as gpsd numbers it: a constellation's own talker names the system only in
    /// the first sentence of a sequence; in the later ones gpsd reads a number above 32 in the
    /// shared range (a GA or GB 36 is SBAS 36, `gnssid` 1, `svid` 123).
    static func numbered(_ satellite: Satellite, listedBy listing: SatelliteListing) -> Satellite {
        guard listing.sentence > 1, satellite.id > 32, Constellation(talker: listing.talker) != nil else { return satellite }
        var renumbered = satellite
        renumbered.constellation = Constellation(sharedNumbering: satellite.id)
        return renumbered
    }

    /// A number in the range `GP` and `GN` share: gpsd keeps it where it names a system
    /// (GPS, SBAS, GLONASS, IMES, QZSS, Galileo, BeiDou) and moves BeiDou's 201–237 to 401–437.
    private static func sharedRangePRN(_ id: Int) -> Int {
        switch id {
        case 1...96, 120...158, 173...182, 193...197, 301...356, 401...437: id
        case 201...237: id + 200
        default: 0
        }
    }
}
