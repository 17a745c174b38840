import GNSS
import NMEA
import Testing

/// Decoding PUBX,00, u-blox's position data.
@Suite("PUBX,00") struct PUBX00Tests {
    @Test("u-blox's example: the fix, the receiver's accuracies (m), velocity, dilutions and satellites used")
    func decodesUbloxsExample() throws {
        let pubx = try PUBX00(parsing: "$PUBX,00,081350.00,4717.113210,N,00833.915187,E,546.589,G3,2.1,2.0,0.007,77.52,0.007,,0.92,1.19,0.77,9,0,0*5F")
        #expect(pubx.time == UTCTime(hour: 8, minute: 13, second: 50))
        #expect(pubx.latitude.map { ($0 * 1e8).rounded() / 1e8 } == 47.28522017)
        #expect(pubx.longitude.map { ($0 * 1e8).rounded() / 1e8 } == 8.56525312)
        #expect(pubx.altitude == 546.589 && pubx.navigationStatus == .threeDimensional)
        #expect(pubx.horizontalAccuracy == 2.1 && pubx.verticalAccuracy == 2.0)
        #expect(pubx.speedKilometersPerHour == 0.007 && pubx.courseDegrees == 77.52 && pubx.verticalVelocity == 0.007)
        #expect(pubx.differentialAge == nil)
        #expect(pubx.hdop == 0.92 && pubx.vdop == 1.19 && pubx.tdop == 0.77 && pubx.satellitesUsed == 9)
        #expect(pubx.malformedFields == .none)
    }

    @Test("no fix: the status NF, every empty field nil, never 0")
    func noFix() throws {
        let pubx = try PUBX00(parsing: checksummed("PUBX,00,000004.00,0000.00000,N,00000.00000,E,0.000,NF,5303316,3750010,0.000,0.00,0.000,,99.99,99.99,99.99,0,0,0"))
        #expect(pubx.navigationStatus == .noFix && pubx.differentialAge == nil && pubx.satellitesUsed == 0)
    }

    @Test("a status of other than two letters is nil and listed; u-blox's other PUBX messages are not PUBX,00")
    func malformedAndOthers() throws {
        let pubx = try PUBX00(parsing: checksummed("PUBX,00,081350.00,4717.113210,N,00833.915187,E,546.589,G3X,2.1,2.0,0.007,77.52,0.007,,0.92,1.19,0.77,9,0,0"))
        #expect(pubx.navigationStatus == nil && pubx.horizontalAccuracy == 2.1)
        #expect(pubx.malformedFields.contains(8))
        #expect(throws: NMEAError.unexpectedSentenceType(.ublox)) {
            try PUBX00(parsing: checksummed("PUBX,04,073731.00,091202,113851.00,1196,15D,1930035,-2660.664,43"))
        }
    }
}
