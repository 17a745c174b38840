import NMEA
import Testing

/// Decoding PGRME, Garmin's estimated position errors.
@Suite("PGRME") struct PGRMETests {
    @Test("the estimated horizontal, vertical and spherical errors, in metres")
    func decodesGarminsExample() throws {
        let pgrme = try PGRME(parsing: checksummed("PGRME,15.0,M,45.0,M,25.0,M"))
        #expect(pgrme == PGRME(horizontalError: 15, verticalError: 45, sphericalError: 25))
        #expect(PGRME.sentenceType == .garmin)
    }

    @Test("foretrex-201's sentence before a fix: every error empty is nil, never 0")
    func emptyBeforeAFix() throws {
        #expect(try PGRME(parsing: "$PGRME,,M,,M,,M*00") == PGRME())
    }

    @Test("an error in a unit other than metres is nil and listed")
    func otherUnit() throws {
        let pgrme = try PGRME(parsing: checksummed("PGRME,7.6,M,41.7,F,42.4,M"))
        #expect(pgrme.horizontalError == 7.6 && pgrme.verticalError == nil && pgrme.sphericalError == 42.4)
        #expect(pgrme.malformedFields.contains(3) || pgrme.malformedFields.contains(4))
    }

    @Test("Garmin's other sentences and other types are not PGRME")
    func otherSentences() {
        #expect(throws: NMEAError.unexpectedSentenceType(.garmin)) { try PGRME(parsing: checksummed("PGRMZ,-30,f,2")) }
        #expect(throws: NMEAError.unexpectedSentenceType(.gst)) {
            try PGRME(parsing: "$GPGST,024603.00,3.2,6.6,4.7,47.3,5.8,5.6,22.0*58")
        }
    }
}
