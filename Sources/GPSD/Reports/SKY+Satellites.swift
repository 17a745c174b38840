import Foundation
import LocationTracking

extension SKY {
    /// The sky report of an epoch: its satellites and the dilutions of precision gpsd 3.22
    /// writes for them.
    ///
    /// `xdop`, `ydop`, `tdop` and `gdop` come from the geometry of the satellites used, as
    /// gpsd computes them when a GSV set completes; `hdop`, `vdop` and `pdop` are the fix's
    /// (GSA's, or GGA's HDOP), and the geometry's only where the fix has none, as gpsd keeps a
    /// receiver's own figures.
    ///
    /// - Parameters:
    ///   - view: The satellites in view, when the epoch had a complete GSV set.
    ///   - location: The epoch's fix, for HDOP, VDOP, PDOP and the satellites used.
    ///   - time: The epoch's UTC date and time, when known.
    ///   - device: The `"device"` of the report.
    public init(_ view: SatelliteView?, location: Location?, time: Date?, device: String?) {
        self.init(view, location: location, time: time, device: device, geometry: view.flatMap { SatelliteGeometry($0.satellites) })
    }

    /// The same, with the view's geometry already computed (`ReportStream` computes it once
    /// for the TPV and the SKY). Inlined: the SKY is then built where it is written.
    @inline(__always)
    init(_ view: SatelliteView?, location: Location?, time: Date?, device: String?, geometry: SatelliteGeometry?) {
        self.init(
            device: device, time: time ?? view?.timestamp ?? location?.timestamp,
            xdop: geometry?.xdop, ydop: geometry?.ydop, vdop: location?.vdop ?? geometry?.vdop, tdop: geometry?.tdop,
            hdop: location?.hdop ?? geometry?.hdop, gdop: geometry?.gdop, pdop: location?.pdop ?? geometry?.pdop,
            usedCount: location?.satellitesUsed, satellites: view?.satellites ?? [])
    }
}

/// gpsd 3.22's numbering of a satellite an NMEA talker reported: `PRN` per gpsd_json(5)
/// (GLONASS 65–96, Galileo 301–336, BeiDou 401–463, QZSS 193–202; SBAS keeps NMEA's 33–64),
/// `gnssid` and `svid` as u-blox numbers them (0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 5 QZSS,
/// 6 GLONASS, 7 NavIC), and the NMEA 4.11 signal as a u-blox `sigid`.
struct GPSDSatelliteNumber: Equatable {
    var prn: Int
    var gnssID: Int
    var svID: Int
    /// `nil` when the talker gave no signal ID (NMEA before 4.11).
    var sigID: Int?

    init(_ satellite: LocationTracking.Satellite) {
        let id = satellite.id
        (prn, svID) = switch satellite.constellation {
        case .sbas: (id, id < 100 ? id + 87 : id)
        case .glonass: id > 64 ? (id, id - 64) : (id + 64, id)
        case .galileo: id > 300 ? (id, id - 300) : (id + 300, id)
        case .beidou: id > 400 ? (id, id - 400) : id > 200 ? (id + 200, id - 200) : (id + 400, id)
        case .qzss: id > 192 ? (id, id - 192) : (id + 192, id)
        default: (id, id)
        }
        gnssID = Int(satellite.constellation.rawValue)
        sigID = satellite.signal.map(Self.ubloxSignal)
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
