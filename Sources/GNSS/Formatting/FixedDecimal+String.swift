extension FixedDecimal {
    /// `value` as text with exactly `decimals` digits after the point, right-aligned in `width`
    /// characters: what `printf("%*.*f")` writes, or `printf("%0*.*f")` with `zeroPadded` (the
    /// zeros go after the sign).
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - decimals: Digits after the point, 0...15.
    ///   - width: The least number of characters; 0 for no padding.
    ///   - zeroPadded: Pads with zeros instead of spaces.
    /// - Returns: The text, e.g. `string(3.14159, decimals: 1)` is `"3.1"`.
    public static func string(_ value: Double, decimals: Int, width: Int = 0, zeroPadded: Bool = false) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength(decimals: maximumDecimals)) { buffer in
            let length = write(value, decimals: decimals, at: buffer.baseAddress!)
            let digits = UnsafeBufferPointer(rebasing: buffer[..<length])
            return padded(digits, width: width, zeroPadded: zeroPadded)
        }
    }

    /// `value`'s decimal digits, zero-padded on the left to `minimumDigits`: what `printf("%0*d")`
    /// writes (`string(7, minimumDigits: 2)` is `"07"`), a minus sign first for a negative value.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - minimumDigits: The least number of digits.
    public static func string(_ value: Int, minimumDigits: Int = 1) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(21, minimumDigits + 1)) { buffer in
            var length = 0
            if value < 0 {
                buffer[0] = UInt8(ascii: "-")
                length = 1
            }
            length += write(UInt64(value.magnitude), minimumDigits: minimumDigits, at: buffer.baseAddress! + length)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
        }
    }

    private static func padded(_ digits: UnsafeBufferPointer<UInt8>, width: Int, zeroPadded: Bool) -> String {
        let text = String(decoding: digits, as: UTF8.self)
        let missing = width - digits.count
        guard missing > 0 else { return text }
        guard zeroPadded else { return String(repeating: " ", count: missing) + text }
        let zeros = String(repeating: "0", count: missing)
        return digits.first == UInt8(ascii: "-") ? "-" + zeros + text.dropFirst() : zeros + text
    }
}
