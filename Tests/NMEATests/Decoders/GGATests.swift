import GNSS
import Testing
import NMEA

/// Decoding GGA, global positioning system fix data.
@Suite struct GGATests {
    @Test func decodesEveryField() throws {
        let fix = try GGA(parsing: "$GPGGA,120000.00,3730.00,N,12115.00,W,2,11,0.5,104.5,M,1.1,M,3.5,0123*62")
        #expect(fix == GGA(time: UTCTime(hour: 12, minute: 0, second: 0), latitude: 37.5, longitude: -121.25,
                           fixQuality: .differential, satellitesUsed: 11, hdop: 0.5, altitude: 104.5,
                           geoidSeparation: 1.1, dgpsAge: 3.5, dgpsStation: 123))
        #expect(fix.isValidFix)
    }

    @Test func emptyFieldsAreNilNotZero() throws {
        let fix = try GGA(parsing: "$GPGGA,,,,,,0,,,,,,,,*66")
        #expect(fix == GGA(fixQuality: .invalid))
        #expect(!fix.isValidFix)
    }

    @Test(arguments: [(7, FixQuality.manualInput), (8, .simulated)])
    func manualInputAndSimulatorAreNotAValidFix(digit: Int, quality: FixQuality) throws {
        let fix = try GGA(parsing: checksummed("GPGGA,120000.00,3730.00,N,12115.00,W,\(digit),11,0.5,104.5,M,1.1,M,,"))
        #expect(fix.fixQuality == quality)
        #expect(!fix.isValidFix)
    }

    @Test func southAndWestAreNegative() throws {
        let fix = try GGA(parsing: checksummed("GPGGA,000000,3356.4650,S,15124.5567,W,1,03,9.7,-25.0,M,-21.0,M,,"))
        #expect(fix.latitude! < 0 && fix.longitude! < 0)
        #expect(fix.altitude == -25)
        #expect(fix.geoidSeparation == -21)
    }

    /// Coordinates are combined from integers with one exactly rounded
    /// division: no error beyond the last place of a `Double`.
    static let coordinates: [(String, String, Double, Double)] = [
        ("4807.038", "01131.000", 48 + 7.038 / 60, 11 + 31.0 / 60),
        ("5327.03598945", "00214.41467156", 53 + 27.03598945 / 60, 2 + 14.41467156 / 60),
        ("4916.45", "12311.12", 49 + 16.45 / 60, 123 + 11.12 / 60),
        ("0000.0000", "00000.0000", 0, 0),
        ("9000.0000", "18000.0000", 90, 180),
    ]

    @Test(arguments: coordinates)
    func coordinatesAreExact(_ latitude: String, _ longitude: String, _ degreesNorth: Double, _ degreesEast: Double) throws {
        let fix = try GGA(parsing: checksummed("GPGGA,000000,\(latitude),N,\(longitude),E,1,08,1.0,0.0,M,0.0,M,,"))
        #expect(abs(fix.latitude! - degreesNorth) <= 1e-12)
        #expect(abs(fix.longitude! - degreesEast) <= 1e-12)
    }

    @Test func keepsTheReceiversSubSecondPrecision() throws {
        let fix = try GGA(parsing: checksummed("GPGGA,235959.123456,,,,,0,,,,,,,,"))
        #expect(fix.time == UTCTime(hour: 23, minute: 59, second: 59, nanosecond: 123_456_000))
    }

    @Test func keepsUnknownFixQualities() throws {
        #expect(try GGA(parsing: checksummed("GPGGA,,,,,,9,,,,,,,,")).fixQuality?.rawValue == 9)
    }

    @Test func fieldsMissingAtTheEndAreNil() throws {
        let fix = try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M"))
        #expect(fix.altitude == 545.4)
        #expect(fix.geoidSeparation == nil && fix.dgpsStation == nil)
    }

    @Test(arguments: [
        ("GPGGA,123519,4860.000,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", NMEAFieldName.latitude),  // 60 minutes
        ("GPGGA,123519,9100.000,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .latitude),  // over 90 degrees
        ("GPGGA,123519,9000.001,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .latitude),
        ("GPGGA,123519,4807.038,X,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .latitudeHemisphere),
        ("GPGGA,123519,4807.038,,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .latitudeHemisphere),
        ("GPGGA,123519,4807.038,N,18100.000,E,1,08,0.9,545.4,M,46.9,M,,", .longitude),
        ("GPGGA,123519,4807.038,N,01131.000,N,1,08,0.9,545.4,M,46.9,M,,", .longitudeHemisphere),
        ("GPGGA,123519,A,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .latitude),
        ("GPGGA,243519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .time),
        ("GPGGA,1235,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", .time),
        ("GPGGA,123519,4807.038,N,01131.000,E,256,08,0.9,545.4,M,46.9,M,,", .fixQuality),
    ])
    func anImpossibleStrictFieldIsAnErrorNamingIt(_ body: String, _ field: NMEAFieldName) {
        #expect(throws: NMEAError.invalidField(field)) { try GGA(parsing: checksummed(body)) }
    }

    @Test(arguments: [
        ("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9x,545.4,M,46.9,M,,", 8),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,08,-0.9,545.4,M,46.9,M,,", 8),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,8a,0.9,545.4,M,46.9,M,,", 7),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,F,46.9,M,,", 10),
        ("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,x,", 13),
    ])
    func anImpossibleOptionalFieldIsNilAndRecorded(_ body: String, _ field: Int) throws {
        let fix = try GGA(parsing: checksummed(body))
        #expect(fix.malformedFields == FieldNumbers(rawValue: 1 << (field - 1)))
        #expect(fix.latitude != nil && fix.fixQuality == .gps)
    }

    @Test func anotherSentenceTypeIsRejected() {
        #expect(throws: NMEAError.unexpectedSentenceType(.rmc)) { try GGA(parsing: "$GPRMC,,V,,,,,,,,,,N*53") }
    }
}
