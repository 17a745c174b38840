import GNSS
import Testing

/// One satellite in NMEA's, gpsd's and u-blox's numberings, as gpsd 3.22 converts them.
@Suite("Satellite numbers")
struct SatelliteNumberTests {
    @Test("an NMEA ID becomes gpsd's PRN and u-blox's gnssId and svId", arguments: [
        (Constellation.gps, 17, 17, 0, 17),
        (.sbas, 33, 33, 1, 120),
        (.sbas, 152, 152, 1, 152),
        (.glonass, 68, 68, 6, 4),
        (.glonass, 4, 68, 6, 4),
        (.galileo, 4, 304, 2, 4),
        (.galileo, 304, 304, 2, 4),
        (.beidou, 7, 407, 3, 7),
        (.beidou, 207, 407, 3, 7),
        (.beidou, 407, 407, 3, 7),
        (.qzss, 1, 193, 5, 1),
        (.qzss, 193, 193, 5, 1),
        (.navic, 3, 3, 7, 3),
    ])
    func fromNMEA(constellation: Constellation, nmeaID: Int, prn: Int, gnssID: Int, svID: Int) {
        let number = SatelliteNumber(constellation: constellation, nmeaID: nmeaID)
        #expect(number.gpsdPRN == prn)
        #expect(number.ubloxGNSSID == gnssID)
        #expect(number.ubloxSVID == svID)
    }

    /// Each constellation's u-blox svIds, and whether the shared NMEA numbering covers them.
    static let svIDs: [(Constellation, ClosedRange<Int>, shared: Bool)] = [
        (.gps, 1...32, true), (.sbas, 120...158, true), (.glonass, 1...32, true), (.galileo, 1...36, true),
        (.beidou, 1...37, true), (.beidou, 38...63, false), (.qzss, 1...8, true), (.navic, 1...14, false),
    ]

    @Test("u-blox's numbering round-trips through NMEA's shared one, which is gpsd's PRN")
    func ubloxRoundTrip() {
        for (constellation, range, shared) in Self.svIDs {
            for svID in range {
                let number = SatelliteNumber(constellation: constellation, ubloxSVID: svID)
                #expect(number.ubloxSVID == svID, "\(constellation) \(svID)")
                #expect(number.ubloxGNSSID == Int(constellation.rawValue))
                #expect(number.gpsdPRN == number.nmeaID, "\(constellation) \(svID)")
                if shared {
                    #expect(Constellation(sharedNumbering: number.nmeaID) == constellation, "\(constellation) \(svID)")
                }
            }
        }
    }

    @Test("a constellation's own numbering and the shared one name the same satellite")
    func ownAndSharedNumberingAgree() {
        for (constellation, offset, count) in [(Constellation.glonass, 64, 32), (.galileo, 300, 36), (.beidou, 400, 63), (.qzss, 192, 10)] {
            for own in 1...count {
                let fromOwn = SatelliteNumber(constellation: constellation, nmeaID: own)
                let fromShared = SatelliteNumber(constellation: constellation, nmeaID: own + offset)
                #expect(fromOwn.gpsdPRN == fromShared.gpsdPRN && fromOwn.ubloxSVID == fromShared.ubloxSVID)
                #expect(fromOwn.ubloxSVID == own)
            }
        }
    }

    @Test("NMEA 4.11 signal IDs become gpsd's guess of the u-blox sigId", arguments: [
        (UInt8(1), 0), (2, 5), (3, 2), (4, 0), (5, 4), (6, 3), (7, 0), (15, 0),
    ])
    func signals(nmea: UInt8, ublox: Int) {
        #expect(SatelliteNumber.ubloxSignalID(nmeaSignalID: nmea) == ublox)
    }
}
