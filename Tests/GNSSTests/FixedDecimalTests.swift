import Foundation
import GNSS
import Testing

/// `FixedDecimal` writes what glibc's `printf("%.*f")` writes, byte for byte.
@Suite("Fixed decimals")
struct FixedDecimalTests {
    private func written(_ value: Double, _ decimals: Int) -> String {
        var text = ""
        FixedDecimal.append(value, decimals: decimals, to: &text)
        return text
    }

    private func printf(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    @Test("an exact binary tie rounds to even", arguments: [
        (0.5, 0, "0"), (1.5, 0, "2"), (2.5, 0, "2"), (-2.5, 0, "-2"), (0.125, 2, "0.12"), (0.375, 2, "0.38"),
        (1_000_000_000_000_000.125, 2, "1000000000000000.12"), (1_000_000_000_000_000.375, 2, "1000000000000000.38"),
    ])
    func tiesToEven(value: Double, decimals: Int, text: String) {
        #expect(written(value, decimals) == text)
        #expect(printf(value, decimals) == text)
    }

    @Test("a decimal that looks like a tie rounds as its binary value does", arguments: [
        (2.675, 2, "2.67"), (1.005, 2, "1.00"), (0.0005, 3, "0.001"), (99.995, 2, "100.00"), (59.9, 0, "60"),
    ])
    func decimalsThatAreNotTies(value: Double, decimals: Int, text: String) {
        #expect(written(value, decimals) == text)
        #expect(printf(value, decimals) == text)
    }

    @Test("the sign is written whenever it is set: negative zero, and negatives that round to zero", arguments: [
        (-0.0, 0, "-0"), (-0.0, 3, "-0.000"), (-0.0004, 3, "-0.000"), (0.0, 2, "0.00"), (-37.784788333, 9, "-37.784788333"),
    ])
    func signs(value: Double, decimals: Int, text: String) {
        #expect(written(value, decimals) == text)
        #expect(printf(value, decimals) == text)
    }

    @Test("values beyond 53 bits of digits, NaN and the infinities are printf's too", arguments: [
        9.0e15, 1.0e16, 123_456_789_012_345_678.0, 0x1p60 + 0x1p8, 1.0e22, 1.0e23, -4.5e30, 1.0e300,
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 0x1p53 - 1, 8_999_999_999.999_999,
        .nan, -.nan, .infinity, -.infinity,
    ])
    func outsideTheFastPath(value: Double) {
        for decimals in 0...FixedDecimal.maximumDecimals {
            #expect(written(value, decimals) == printf(value, decimals), "\(value) with \(decimals) decimals")
        }
    }

    @Test("random values, at every precision, small and large")
    func randomValues() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<2_000 {
            values.append(Double.random(in: -400...400, using: &generator))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000 + 0.0005)
            values.append(Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)))
        }
        for value in values {
            for decimals in 0...FixedDecimal.maximumDecimals {
                let ours = written(value, decimals), theirs = printf(value, decimals)
                #expect(ours == theirs, "\(value) with \(decimals) decimals")
                if ours != theirs { return }
            }
        }
    }

    @Test("nothing written is longer than maximumLength: 20 + decimals for a value that fits 53 bits, 311 + decimals for -Double.greatestFiniteMagnitude")
    func maximumLength() {
        for value in [0, -0.0, 1e-300, 48.137_412_345, -179.999_999_999, 8.99e15, 9e15, -1.7e308, .nan, -.infinity] {
            for decimals in 0...FixedDecimal.maximumDecimals {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 400) { buffer in
                    let length = FixedDecimal.write(value, decimals: decimals, at: buffer.baseAddress!)
                    #expect(length <= FixedDecimal.maximumLength(decimals: decimals))
                    if FixedDecimal.units(of: value, decimals: decimals) != nil { #expect(length <= 20 + decimals) }
                }
            }
        }
        var longest = ""
        FixedDecimal.append(-.greatestFiniteMagnitude, decimals: 15, to: &longest)
        #expect(longest.utf8.count == FixedDecimal.maximumLength(decimals: 15))
    }

    @Test("right-aligned in a width as %*.*f aligns, nothing cut")
    func width() {
        var line = ""
        FixedDecimal.append(2.675, decimals: 2, width: 7, to: &line)
        FixedDecimal.append(-48.137_413, decimals: 6, width: 5, to: &line)
        #expect(line == "   2.67-48.137413")
        #expect(line == String(format: "%7.2f%5.6f", 2.675, -48.137_413))
    }

    @Test("units of the last decimal: the rounded digits without the point, for values that fit 53 bits")
    func units() {
        #expect(FixedDecimal.units(of: 1.005, decimals: 2) == 100)
        #expect(FixedDecimal.units(of: -2.5, decimals: 0) == 2)
        #expect(FixedDecimal.units(of: 99.995, decimals: 2) == 10_000)
        #expect(FixedDecimal.units(of: 9e15, decimals: 0) == nil)
        #expect(FixedDecimal.units(of: .nan, decimals: 2) == nil)
    }

    @Test("integers, zero-padded to a least number of digits", arguments: [
        (UInt64(0), 1, "0"), (7, 2, "07"), (2025, 4, "2025"), (5, 4, "0005"), (123_456, 2, "123456"),
        (UInt64.max, 1, "18446744073709551615"),
    ])
    func integers(value: UInt64, minimumDigits: Int, text: String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let length = FixedDecimal.write(value, minimumDigits: minimumDigits, at: buffer.baseAddress!)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self) == text)
        }
    }
}

/// `FixedDecimal.string` writes what `String(format:)` writes for the widths and paddings `gps`
/// draws with.
@Suite("Fixed decimals as strings")
struct FixedDecimalStringTests {
    @Test("a Double with decimals, a width and zero padding", arguments: [
        (3.14159, 1, 0, false, "%.1f"), (-0.04, 1, 0, false, "%.1f"), (7.0, 0, 2, false, "%2.0f"),
        (4.5, 5, 8, true, "%08.5f"), (-4.5, 5, 9, true, "%09.5f"), (123.456, 2, 4, true, "%04.2f"),
        (52.123456789, 6, 0, false, "%.6f"),
    ])
    func double(value: Double, decimals: Int, width: Int, zeroPadded: Bool, format: String) {
        let text = FixedDecimal.string(value, decimals: decimals, width: width, zeroPadded: zeroPadded)
        #expect(text == String(format: format, value))
    }

    @Test("an Int zero-padded to a number of digits", arguments: [(7, 2), (0, 2), (123, 2), (45, 3)])
    func integer(value: Int, digits: Int) {
        #expect(FixedDecimal.string(value, minimumDigits: digits) == String(format: "%0\(digits)d", value))
    }

    @Test("a negative Int's sign comes before its digits, which are counted without it")
    func negativeInteger() {
        #expect(FixedDecimal.string(-5, minimumDigits: 3) == "-005")
    }
}
