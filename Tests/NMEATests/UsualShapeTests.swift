import GNSS
import Testing
import NMEA

/// GSV's header, GGA's quality and satellites, GSA's mode and dimension and
/// a coordinate with its hemisphere and three GSA satellite IDs are read whole when they have their
/// usual shape (`3,1,12`, `1,08`, `A,3`, `4807.038,N`, `04,05,09`) and field by field
/// otherwise: the values and verdicts are the same.
@Suite struct UsualShapeTests {
    @Test(arguments: [("3,1,12", 3, 1, 12), ("3,1,1", 3, 1, 1), ("10,10,40", 10, 10, 40), ("3,1,", 3, 1, nil),
                      ("3,1,012", 3, 1, 12), ("9,9,99", 9, 9, 99)])
    func gsvHeaders(_ header: String, _ count: Int, _ number: Int, _ inView: Int?) throws {
        for rest in [",01,40,083,46", ""] {
            let gsv = try GSV(parsing: checksummed("GPGSV,\(header)\(rest)"))
            #expect(gsv.sentenceCount == count && gsv.sentenceNumber == number && gsv.satellitesInView == inView)
        }
    }

    @Test(arguments: ["0,1,12", "3,0,12", "a,1,12", "3,-1,12", "3,1a,12"])
    func gsvHeadersWithABadCountOrNumberAreRejected(_ header: String) {
        #expect(throws: NMEAError.self) { try GSV(parsing: checksummed("GPGSV,\(header),01,40,083,46")) }
    }

    @Test(arguments: [("1,08", 1, 8), ("1,8", 1, 8), ("12,08", 12, 8), ("0,00", 0, 0), ("1,", 1, nil), ("8,123", 8, 123)])
    func ggaQualityAndSatellites(_ fields: String, _ quality: UInt8, _ satellites: Int?) throws {
        let fix = try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,\(fields),0.9,545.4,M,46.9,M,,"))
        #expect(fix.fixQuality == FixQuality(rawValue: quality) && fix.satellitesUsed == satellites)
        #expect(throws: NMEAError.invalidField("fixQuality")) {
            try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,x\(fields),0.9,545.4,M,46.9,M,,"))
        }
    }

    @Test(arguments: [("A,3", UInt8(ascii: "A"), 3 as UInt8?), ("M,2", UInt8(ascii: "M"), 2), ("*,1", UInt8(ascii: "*"), 1),
                      ("A,", UInt8(ascii: "A"), nil)])
    func gsaModeAndDimension(_ fields: String, _ mode: UInt8, _ dimension: UInt8?) throws {
        let gsa = try GSA(parsing: checksummed("GPGSA,\(fields),04,05,,,,,,,,,,,2.5,1.3,2.1"))
        #expect(gsa.selectionMode?.rawValue == mode && gsa.fixDimension?.rawValue == dimension)
        #expect(Array(gsa.satellitesUsed) == [4, 5])
    }

    @Test(arguments: ["AB,3", "A,33", "A,x"])
    func gsaModesAndDimensionsOfOtherShapesAreRejected(_ fields: String) {
        #expect(throws: NMEAError.self) { try GSA(parsing: checksummed("GPGSA,\(fields),04,05,,,,,,,,,,,2.5,1.3,2.1")) }
    }

    /// Mid-line a coordinate of up to five whole and seven fraction digits is
    /// read as two words; as a sentence's last field with fewer than eight
    /// bytes left it is read digit by digit. Both give the same Double.
    @Test func coordinatesReadWholeAgreeToTheBitWithTheFieldByFieldReader() throws {
        for whole in ["0", "7", "48", "4807", "12311"] {
            for fraction in ["0", "5", "03", "038", "0381", "99999"] {
                let longitude = "\(whole).\(fraction)", latitude = "\(whole.prefix(4)).\(fraction)"
                let middle = try GGA(parsing: checksummed("GPGGA,123519,\(latitude),S,\(longitude),W,1,08,0.9,,,,,,"))
                let latitudeLast = try GLL(parsing: checksummed("GPGLL,\(latitude),N"))
                let longitudeLast = try GLL(parsing: checksummed("GPGLL,,,\(longitude),E"))
                #expect(middle.latitude == -(latitudeLast.latitude ?? 0), "\(latitude)")
                #expect(middle.longitude == -(longitudeLast.longitude ?? 0), "\(longitude)")
            }
        }
        let fix = try GGA(parsing: checksummed("GPGGA,,9000.0000000,N,18000.0000000,W,1,08,,,,,,,"))
        #expect(fix.latitude == 90 && fix.longitude == -180)
    }

    @Test(arguments: [("4860.000,N", "latitude"), ("9000.001,N", "latitude"), ("9100.0,N", "latitude"),
                      ("4807.038,n", "latitudeHemisphere"), ("4807.038,E", "latitudeHemisphere"),
                      ("4807.038,NN", "latitudeHemisphere"), ("4807.038,", "latitudeHemisphere"),
                      ("48a7.038,N", "latitude"), ("4807.0a8,N", "latitude"), ("123456.1,N", "latitude")] as [(String, NMEAFieldName)])
    func coordinatesOfTheUsualLengthButOutOfRangeOrMalformedAreRejectedAlike(
        _ fields: String, _ name: NMEAFieldName
    ) {
        #expect(throws: NMEAError.invalidField(name)) {
            try GGA(parsing: checksummed("GPGGA,123519,\(fields),01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
        #expect(throws: NMEAError.invalidField(name)) { try GLL(parsing: checksummed("GPGLL,\(fields)")) }
    }

    /// Runs of two-digit IDs are read three to a word; IDs of other shapes,
    /// empty slots and a list that ends the sentence are read one by one.
    @Test(arguments: [
        ("04,05,09,12,24,25,29,31,02,06,10,30", [4, 5, 9, 12, 24, 25, 29, 31, 2, 6, 10, 30], [] as [Int]),
        ("04,05,09,12,,,,,,,,", [4, 5, 9, 12], []), ("4,05,09,12,,,,,,,,", [4, 5, 9, 12], []),
        ("04,05,123,12,,,,,,,,", [4, 5, 123, 12], []), ("04,05,x9,12,,,,,,,,", [4, 5, 12], [5]),
        ("04,05,09,1a,,,,,,,,", [4, 5, 9], [6]), ("04,05,09", [4, 5, 9], []), ("04,05,9", [4, 5, 9], []),
    ] as [(String, [Int], [Int])])
    func gsaSatelliteIDsReadThreeAtATimeOrOneByOneAlike(_ ids: String, _ expected: [Int], _ malformed: [Int]) throws {
        let gsa = try GSA(parsing: checksummed("GPGSA,A,3,\(ids)" + (ids.count > 8 ? ",2.5,1.3,2.1" : "")))
        #expect(Array(gsa.satellitesUsed) == expected)
        #expect(gsa.malformedFields.count == malformed.count && malformed.allSatisfy(gsa.malformedFields.contains))
        #expect(gsa.pdop == (ids.count > 8 ? 2.5 : nil))
    }

    /// A byte from 0x80 where a usual shape has a digit (here `é`, the bytes
    /// C3 A9, which carry when a word's digits are tested at once) never
    /// passes for a digit: the general readers take over and give their verdict.
    @Test func bytesFrom0x80AmongDigitsAreJudgedByTheGeneralReaders() throws {
        let gsv = try GSV(parsing: checksummed("GPGSV,3,1,12,0é,40,083,46,03,24,050,23"))
        #expect(gsv.satellites.first?.id == nil && gsv.satellites.first?.elevation == 40)
        #expect(gsv.satellites.last?.id == 3 && gsv.malformedFields.description == "[4]")
        #expect(throws: NMEAError.invalidField("time")) {
            try GGA(parsing: checksummed("GPGGA,12é519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
        #expect(throws: NMEAError.invalidField("latitude")) {
            try GGA(parsing: checksummed("GPGGA,123519,48é7.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
        #expect(throws: NMEAError.invalidField("fixQuality")) {
            try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,é,08,0.9,545.4,M,46.9,M,,"))
        }
        let gsa = try GSA(parsing: checksummed("GPGSA,A,3,04,é5,09,12,,,,,,,,,2.5,1.3,2.1"))
        #expect(Array(gsa.satellitesUsed) == [4, 9, 12] && gsa.malformedFields.description == "[4]")
    }

    /// A time `hhmmss.ss` mid-line is read as one word, any other shape digit by digit: the same
    /// values, and the same verdicts on times out of range or with a stray byte.
    @Test(arguments: [("123519.00", 12, 35, 19, 0), ("235960.99", 23, 59, 60, 990_000_000 as UInt32),
                      ("000000.05", 0, 0, 0, 50_000_000), ("123519.5", 12, 35, 19, 500_000_000),
                      ("123519.501", 12, 35, 19, 501_000_000), ("123519", 12, 35, 19, 0)])
    func times(_ field: String, _ hour: UInt8, _ minute: UInt8, _ second: UInt8, _ nanosecond: UInt32) throws {
        let expected = UTCTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        let middle = try GGA(parsing: checksummed("GPGGA,\(field),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        let last = try ZDA(parsing: checksummed("GPZDA,\(field)"))
        #expect(middle.time == expected && last.time == expected)
    }

    @Test(arguments: ["240000.00", "126000.00", "123561.00", "12351a.00", "123519.0a", "123519/00", "123519.00x"])
    func timesOutOfRangeOrOfAnotherShapeAreRejected(_ field: String) {
        #expect(throws: NMEAError.invalidField(.time)) {
            try GGA(parsing: checksummed("GPGGA,\(field),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
    }

    /// A date `ddmmyy` followed by a comma is read as one word, as the last field digit by
    /// digit: the same dates, and a date out of range or of another shape is malformed either way.
    @Test(arguments: [("010324", NMEADate(day: 1, month: 3, twoDigitYear: 24) as NMEADate?), ("311299", NMEADate(day: 31, month: 12, twoDigitYear: 99)),
                      ("000324", nil), ("320324", nil), ("011324", nil), ("010024", nil), ("01032a", nil), ("0103245", nil)])
    func dates(_ field: String, _ date: NMEADate?) throws {
        let middle = try RMC(parsing: checksummed("GPRMC,063000.00,A,4736.37200,N,12219.92600,W,0.000,90.00,\(field),,,A"))
        let last = try RMC(parsing: checksummed("GPRMC,063000.00,A,4736.37200,N,12219.92600,W,0.000,90.00,\(field)"))
        #expect(middle.date == date && last.date == date)
        #expect(middle.malformedFields.contains(9) == (date == nil) && last.malformedFields.contains(9) == (date == nil))
    }
}
