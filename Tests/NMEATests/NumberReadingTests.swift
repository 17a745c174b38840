import Testing
import NMEA

/// Numbers decode to what their text says wherever their field lies. A time
/// is read eight bytes at a time when eight are left in the body, a byte at
/// a time near its end; decimals take a plain path or the general reader.
/// Each shape is tried in the middle of a sentence and as its last field.
@Suite struct NumberReadingTests {
    /// Plain decimals of 1 to 17 digits, the point anywhere or absent.
    static let decimals: [String] = (1...17).flatMap { digits in
        let text = String("93718264507319826".prefix(digits))
        return [text] + (0...digits).map { point in
            String(text.prefix(point)) + "." + String(text.dropFirst(point))
        }
    }

    @Test func plainDecimalsReadAsTheNearestDouble() throws {
        for text in Self.decimals {
            // Mantissa and power of ten are exact below 2^53, so one division is the nearest Double.
            guard text.filter(\.isNumber).count <= 15 else { continue }
            let expected = Double("0" + text + (text.contains(".") ? "0" : ""))!  // "5." and ".5" in the form Double reads
            let middle = try GGA(parsing: checksummed("GPGGA,,,,,,1,,\(text),-\(text),M,,,,"))
            #expect(middle.hdop == expected, "hdop \(text)")
            #expect(middle.altitude == -expected, "altitude -\(text)")
            let last = try GSA(parsing: checksummed("GPGSA,A,3," + String(repeating: ",", count: 14) + text))
            #expect(last.vdop == expected, "vdop \(text)")
            #expect(middle.malformedFields.isEmpty && last.malformedFields.isEmpty)
        }
    }

    @Test(arguments: ["1.2.3", "-", ".", "-.", "1-2", "12a", "+-1", "1.5e3", "١٢"])
    func malformedDecimalsAreNilWherePlacedInTheLine(_ text: String) throws {
        let middle = try GGA(parsing: checksummed("GPGGA,,,,,,1,,\(text),\(text),M,,,,"))
        #expect(middle.hdop == nil && middle.altitude == nil)
        #expect(middle.malformedFields.contains(8) && middle.malformedFields.contains(9))
        let last = try GSA(parsing: checksummed("GPGSA,A,3," + String(repeating: ",", count: 14) + text))
        #expect(last.vdop == nil && last.malformedFields.contains(17))
    }

    @Test func fractionsOfASecondKeepUpToNineDigits() throws {
        let digits = "123456789012"
        for count in 0...digits.count {
            let fraction = String(digits.prefix(count))
            let expected = UInt32(String((fraction + "000000000").prefix(9)))!
            let middle = try GGA(parsing: checksummed("GPGGA,235960.\(fraction),,,,,1,,,,,,,,"))
            #expect(middle.time == UTCTime(hour: 23, minute: 59, second: 60, nanosecond: expected), "\(fraction)")
            let last = try ZDA(parsing: checksummed("GPZDA,000102.\(fraction)"))
            #expect(last.time == UTCTime(hour: 0, minute: 1, second: 2, nanosecond: expected), "\(fraction)")
        }
        for malformed in ["23596", "2359600", "23a960", "235960.1.2", "245960"] {
            #expect(throws: NMEAError.invalidField("time")) { try GGA(parsing: checksummed("GPGGA,\(malformed),,,,,1,,,,,,,,")) }
            #expect(throws: NMEAError.invalidField("time")) { try ZDA(parsing: checksummed("GPZDA,\(malformed)")) }
        }
    }

    @Test func coordinatesOfAnyPrecisionAgreeWithTheirText() throws {
        let fraction = "123456789012345"
        for count in 0...fraction.count {
            let minutes = "36." + fraction.prefix(count)
            let expected = 47 + Double(minutes + "0")! / 60
            let middle = try GGA(parsing: checksummed("GPGGA,,47\(minutes),N,1\(minutes),W,1,,,,,,,,"))
            #expect(abs(middle.latitude! - expected) < 1e-12, "\(minutes)")
            let last = try GLL(parsing: checksummed("GPGLL,47\(minutes),S"))
            #expect(abs(last.latitude! + expected) < 1e-12, "\(minutes)")
        }
        for malformed in ["123456.0", ".5", "47a6.0", "4760.0", "9100.0", "47.5.0"] {
            #expect(throws: NMEAError.invalidField("latitude")) {
                try GGA(parsing: checksummed("GPGGA,,\(malformed),N,,,1,,,,,,,,"))
            }
        }
    }
}

/// GSV's header, GGA's quality and satellites and GSA's mode and dimension
/// are read whole when they have their usual shape (`3,1,12`, `1,08`, `A,3`)
/// and field by field otherwise: the values and verdicts are the same.
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
}
