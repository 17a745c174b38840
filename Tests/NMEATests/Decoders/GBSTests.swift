import NMEA
import Testing

/// Decoding GBS, satellite fault detection: the fix's expected errors.
@Suite("GBS") struct GBSTests {
    @Test("the expected errors of the fix, in metres, and the satellite most likely failed")
    func decodesTheStandardExample() throws {
        let gbs = try GBS(parsing: "$GPGBS,082941.00,2.4,1.5,3.9,25,,-43.7,27.5*65")
        #expect(gbs == GBS(time: UTCTime(hour: 8, minute: 29, second: 41), latitudeError: 2.4, longitudeError: 1.5,
                           altitudeError: 3.9, failedSatellite: 25, bias: -43.7, biasDeviation: 27.5))
    }

    @Test("NMEA 4.1's system and signal IDs are ignored; empty fields are nil, never 0")
    func nmea41() throws {
        let gbs = try GBS(parsing: "$GNGBS,223745.00,1.0,1.0,3.1,,,,,,*58")
        #expect(gbs == GBS(time: UTCTime(hour: 22, minute: 37, second: 45), latitudeError: 1, longitudeError: 1, altitudeError: 3.1))
    }

    @Test("a malformed error is nil and listed; a malformed time rejects the sentence")
    func malformed() throws {
        let gbs = try GBS(parsing: checksummed("GPGBS,082941.00,2.4,x,3.9,,,,"))
        #expect(gbs.longitudeError == nil && gbs.altitudeError == 3.9)
        #expect(gbs.malformedFields.contains(3))
        #expect(throws: NMEAError.self) { try GBS(parsing: checksummed("GPGBS,08x941.00,2.4,1.5,3.9,,,,")) }
        #expect(throws: NMEAError.unexpectedSentenceType(.gst)) {
            try GBS(parsing: "$GPGST,024603.00,3.2,6.6,4.7,47.3,5.8,5.6,22.0*58")
        }
    }
}
