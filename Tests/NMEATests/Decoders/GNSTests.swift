import Testing
import NMEA

/// Decoding GNS, GNSS fix data.
@Suite struct GNSTests {
    @Test func decodesEveryField() throws {
        let gns = try GNS(parsing: "$GNGNS,122310.2,3722.425671,N,12258.856215,W,DA,14,0.9,1005.543,6.5,5.2,23,S*26")
        #expect(gns.time == UTCTime(hour: 12, minute: 23, second: 10, nanosecond: 200_000_000))
        #expect(abs(gns.latitude! - (37 + 22.425671 / 60)) < 1e-12)
        #expect(abs(gns.longitude! + (122 + 58.856215 / 60)) < 1e-12)
        #expect(gns.modes.description == "DA")
        #expect(gns.modes.gps == .differential && gns.modes.glonass == .autonomous && gns.modes.galileo == nil)
        #expect(gns.satellitesUsed == 14 && gns.hdop == 0.9 && gns.altitude == 1005.543 && gns.geoidSeparation == 6.5)
        #expect(gns.dgpsAge == 5.2 && gns.dgpsStation == 23 && gns.navigationalStatus == .safe)
        #expect(gns.malformedFields.isEmpty)
    }

    @Test func keepsOneModePerConstellation() throws {
        let gns = try GNS(parsing: "$GNGNS,103607.00,5327.03942,N,00214.42462,W,AANN,06,5.88,56.0,48.5,,,V*34")
        #expect(Array(gns.modes) == [.autonomous, .autonomous, .notValid, .notValid])
        #expect(gns.modes.beidou == .notValid)
        #expect(gns.navigationalStatus == .notValid && gns.dgpsStation == nil)
    }

    @Test func noPositionIsNil() throws {
        let gns = try GNS(parsing: "$GPGNS,122310.2,,,,,,7,,,,5.2,23,S*32")
        #expect(gns.latitude == nil && gns.modes.isEmpty && gns.satellitesUsed == 7)
    }

    @Test(arguments: [
        ("GNGNS,094821.0,4849.931307,N,00216.053323,E,AAAAAAAAA,14,0.6,161.5,48.0,,", NMEAFieldName.mode),
        ("GNGNS,094821.0,4849.931307,N,00216.053323,E,A1,14,0.6,161.5,48.0,,", .mode),
        ("GNGNS,094821.0,4849.931307,S,00216.053323,N,AA,14,0.6,161.5,48.0,,", .longitudeHemisphere),
        ("GNGNS,0948,4849.931307,N,00216.053323,E,AA,14,0.6,161.5,48.0,,", .time),
    ])
    func aMalformedStrictFieldRejectsTheSentence(_ body: String, _ field: NMEAFieldName) {
        #expect(throws: NMEAError.invalidField(field)) { try GNS(parsing: checksummed(body)) }
    }
}
