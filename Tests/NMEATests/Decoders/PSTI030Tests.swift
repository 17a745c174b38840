import GNSS
import NMEA
import Testing

/// Decoding PSTI,030, SkyTraq's recommended minimum 3D GNSS data.
@Suite("PSTI,030") struct PSTI030Tests {
    @Test("skytraq-PX1172RH_DS's sentence: RMC's fix with the altitude, velocity east, north and up, and RTK age and ratio")
    func decodesSkyTraqsSentence() throws {
        let psti = try PSTI030(parsing: "$PSTI,030,003832.000,A,4404.1271062,N,12118.8438377,W,1127.630,-0.00,-0.01,0.02,290322,O,1.000,1.100*32")
        #expect(psti.time == UTCTime(hour: 0, minute: 38, second: 32))
        #expect(psti.status == .valid)
        #expect(psti.latitude.map { ($0 * 1e9).rounded() / 1e9 } == 44.068785103)
        #expect(psti.longitude.map { ($0 * 1e9).rounded() / 1e9 } == -121.314063962)
        #expect(psti.altitude == 1127.63)
        #expect(psti.eastVelocity == 0 && psti.northVelocity == -0.01 && psti.upVelocity == 0.02)
        #expect(psti.date == NMEADate(day: 29, month: 3, twoDigitYear: 22))
        #expect(psti.mode == PositioningMode(rawValue: UInt8(ascii: "O")))
        #expect(psti.rtkAge == 1 && psti.rtkRatio == 1.1)
        #expect(psti.malformedFields == .none)
    }

    @Test("a navigation warning with empty fields decodes, every value nil")
    func warning() throws {
        let psti = try PSTI030(parsing: checksummed("PSTI,030,003832.000,V,,,,,,,,,,N,,"))
        #expect(psti.status == .invalid && psti.latitude == nil && psti.eastVelocity == nil && psti.mode == .notValid)
    }

    @Test("SkyTraq's other PSTI messages are not PSTI,030; a malformed latitude rejects the sentence")
    func otherMessages() {
        #expect(throws: NMEAError.unexpectedSentenceType(.skyTraq)) {
            try PSTI030(parsing: "$PSTI,032,003832.000,290322,A,O,-503.349,-2270.309,60.062,2326.213,192.50,,,,,*32")
        }
        #expect(throws: NMEAError.self) {
            try PSTI030(parsing: checksummed("PSTI,030,003832.000,A,44x4.1271062,N,12118.8438377,W,1127.630,-0.00,-0.01,0.02,290322,O,1.000,1.100"))
        }
    }
}
