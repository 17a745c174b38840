import Testing
import NMEA

/// Decoding RMC, recommended minimum specific GNSS data.
@Suite struct RMCTests {
    @Test func decodesEveryFieldOfNMEA41() throws {
        let fix = try RMC(parsing: "$GNRMC,130058.00,A,5327.03598945,N,00214.41467156,W,0.097,125.7,240226,0.2,W,A,C*4F")
        #expect(fix.time == UTCTime(hour: 13, minute: 0, second: 58))
        #expect(fix.status == .valid)
        #expect(abs(fix.latitude! - (53 + 27.03598945 / 60)) < 1e-12)
        #expect(abs(fix.longitude! + (2 + 14.41467156 / 60)) < 1e-12)
        #expect(fix.speedKnots == 0.097)
        #expect(fix.courseDegrees == 125.7)
        #expect(fix.date == NMEADate(day: 24, month: 2, twoDigitYear: 26))
        #expect(fix.date?.year == 2026)
        #expect(fix.magneticVariation == -0.2)
        #expect(fix.mode == .autonomous)
        #expect(fix.navigationalStatus == .caution)
        #expect(fix.isValidFix)
    }

    @Test func convertsKnotsToMetresPerSecond() throws {
        let fix = try RMC(parsing: checksummed("GPRMC,000000,A,,,,,10.0,,010100,,,A"))
        #expect(abs(fix.speedMetersPerSecond! - 5.144444444) < 1e-9)
    }

    @Test func olderReceiversSendNoModeOrNavigationalStatus() throws {
        let fix = try RMC(parsing: "$GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E*68")
        #expect(fix.mode == nil && fix.navigationalStatus == nil)
        #expect(fix.magneticVariation == 20.3)
    }

    @Test func aVoidStatusIsNotAValidFixEvenWithAPosition() throws {
        let fix = try RMC(parsing: checksummed("GPRMC,125106,V,4807.038,N,01131.000,E,0.0,0.0,241011,,,S"))
        #expect(fix.latitude != nil)
        #expect(!fix.isValidFix)
    }

    @Test(arguments: ["S", "M", "N"])
    func simulatorManualAndNotValidModesAreNotAValidFix(mode: String) throws {
        let fix = try RMC(parsing: checksummed("GPRMC,125106,A,4807.038,N,01131.000,E,0.0,0.0,241011,,,\(mode)"))
        #expect(fix.status == .valid)
        #expect(fix.mode?.hasFix == false)
        #expect(!fix.isValidFix)
    }

    @Test func emptyFieldsAreNilNotZero() throws {
        #expect(try RMC(parsing: "$GPRMC,,V,,,,,,,,,,N*53") == RMC(status: .invalid, mode: .notValid))
    }

    @Test(arguments: [
        ("GPRMC,081836,AV,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,E", NMEAFieldName.status),
        ("GPRMC,081861,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,E", .time),
        ("GPRMC,081836,A,3751.65,E,14507.36,E,000.0,360.0,130998,011.3,E", .latitudeHemisphere),
    ])
    func anImpossibleStrictFieldIsAnErrorNamingIt(_ body: String, _ field: NMEAFieldName) {
        #expect(throws: NMEAError.invalidField(field)) { try RMC(parsing: checksummed(body)) }
    }

    @Test(arguments: [
        ("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,131398,011.3,E", 9),
        ("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,000198,011.3,E", 9),
        ("GPRMC,081836,A,3751.65,S,14507.36,E,X.1,360.0,130998,011.3,E", 7),
        ("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,N", 11),
        ("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,", 11),
    ])
    func anImpossibleOptionalFieldIsNilAndRecorded(_ body: String, _ field: Int) throws {
        let fix = try RMC(parsing: checksummed(body))
        #expect(fix.malformedFields == FieldNumbers(rawValue: 1 << (field - 1)))
        #expect(fix.latitude != nil && fix.status == .valid)
    }
}
