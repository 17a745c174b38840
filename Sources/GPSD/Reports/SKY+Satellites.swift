import Foundation
import LocationTracking

extension SKY {
    /// The sky report of an epoch: its satellites (numbered as gpsd numbers them) and the
    /// dilutions of precision of its fix.
    ///
    /// - Parameters:
    ///   - view: The satellites in view, when the epoch had a complete GSV set.
    ///   - location: The epoch's fix, for HDOP, VDOP, PDOP and the satellites used.
    ///   - time: The epoch's UTC date and time, when known.
    ///   - device: The `"device"` of the report.
    public init(_ view: SatelliteView?, location: Location?, time: Date?, device: String?) {
        self.init(
            device: device, time: time ?? view?.timestamp ?? location?.timestamp, vdop: location?.vdop, hdop: location?.hdop,
            pdop: location?.pdop, usedCount: location?.satellitesUsed,
            satellites: view?.satellites.map(Satellite.init) ?? [])
    }
}

extension SKY.Satellite {
    /// gpsd 3.22's numbering of a satellite an NMEA talker reported: `PRN` per gpsd_json(5)
    /// (GLONASS 65–96, Galileo 301–336, BeiDou 401–463, QZSS 193–202), `gnssid` and `svid` as
    /// u-blox numbers them, and the NMEA 4.11 signal as a u-blox `sigid`.
    public init(_ satellite: LocationTracking.Satellite) {
        let id = satellite.id
        let (prn, svID): (Int, Int) = switch satellite.constellation {
        case .sbas: (id, id < 100 ? id + 87 : id)  // gpsd 3.22 keeps NMEA's 33–64 as the PRN
        case .glonass: id > 64 ? (id, id - 64) : (id + 64, id)
        case .galileo: id > 300 ? (id, id - 300) : (id + 300, id)
        case .beidou: id > 400 ? (id, id - 400) : id > 200 ? (id + 200, id - 200) : (id + 400, id)
        case .qzss: id > 192 ? (id, id - 192) : (id + 192, id)
        default: (id, id)
        }
        self.init(
            prn: prn, gnssID: Int(satellite.constellation.rawValue), svID: svID,
            sigID: satellite.signal.map(Self.ubloxSignal), elevation: satellite.elevation,
            azimuth: satellite.azimuth, signalStrength: satellite.signalStrength, used: satellite.isUsed)
    }

    /// gpsd 3.22's guess of the u-blox signal for an NMEA 4.11 signal ID, which alone does not
    /// say the constellation's band: 1 (L1, E1...) is 0, 2 (E5) 5, 3 (L2/B2) 2, 5 (L2 CM) 4,
    /// 6 (L2 CL) 3; others 0.
    static func ubloxSignal(_ nmea: UInt8) -> Int {
        switch nmea {
        case 2: 5
        case 3: 2
        case 5: 4
        case 6: 3
        default: 0
        }
    }
}
