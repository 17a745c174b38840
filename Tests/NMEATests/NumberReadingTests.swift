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
