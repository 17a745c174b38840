import Testing
import NMEA

/// Decoding GLL, geographic position.
@Suite struct GLLTests {
    @Test func decodesEveryField() throws {
        let gll = try GLL(parsing: "$GPGLL,3723.2475,N,12158.3416,W,161229.487,A,A*41")
        #expect(abs(gll.latitude! - (37 + 23.2475 / 60)) < 1e-12)
        #expect(abs(gll.longitude! + (121 + 58.3416 / 60)) < 1e-12)
        #expect(gll.time == UTCTime(hour: 16, minute: 12, second: 29, nanosecond: 487_000_000))
        #expect(gll.status == .valid && gll.mode == .autonomous)
    }

    @Test func olderReceiversSendNoMode() throws {
        let gll = try GLL(parsing: "$IIGLL,5924.462,N,01030.048,E,062216,A*38")
        #expect(gll.mode == nil && gll.status == .valid)
        #expect(try GLL(parsing: "$GPGLL,4916.45,N,12311.12,W,225444,A,*1D").mode == nil)
    }

    @Test func noFixIsAllNil() throws {
        #expect(try GLL(parsing: "$GNGLL,,,,,,V,N*7A") == GLL(status: .invalid, mode: .notValid))
    }

    @Test(arguments: [
        ("GPGLL,3723.2475,X,12158.3416,W,161229.487,A,A", NMEAFieldName.latitudeHemisphere),
        ("GPGLL,3723.2475,N,-12158.3416,W,161229.487,A,A", .longitude),
        ("GPGLL,3723.2475,N,12158.3416,W,256229.487,A,A", .time),
        ("GPGLL,3723.2475,N,12158.3416,W,161229.487,AV,A", .status),
        ("GPGLL,3723.2475,N,12158.3416,W,161229.487,A,AA", .mode),
    ])
    func everyFieldIsStrict(_ body: String, _ field: NMEAFieldName) {
        #expect(throws: NMEAError.invalidField(field)) { try GLL(parsing: checksummed(body)) }
    }
}
