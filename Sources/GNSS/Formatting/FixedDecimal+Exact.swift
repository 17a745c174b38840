extension FixedDecimal {
    /// `write(_:decimals:at:)` for the values whose digits do not fit 53 bits, NaN and the
    /// infinities: the exact product of the value and 10^`decimals` in a large integer, rounded,
    /// then its digits. No receiver gives such values; the text is still `printf`'s.
    @usableFromInline @inline(never)
    static func writeExactly(_ value: Double, decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        if value.sign == .minus {
            start[0] = UInt8(ascii: "-")
            count = 1
        }
        guard value.isFinite else {
            let word: StaticString = value.isNaN ? "nan" : "inf"
            (start + count).update(from: word.utf8Start, count: word.utf8CodeUnitCount)
            return count + word.utf8CodeUnitCount
        }
        let magnitude = value.magnitude
        // The magnitude is significand × 2^exponent exactly, the significand below 2^53.
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
        let exponent = magnitude.isNormal ? Int(magnitude.exponent) - 52 : -1074
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: LargeNatural.capacity) { limbs in
            var number = LargeNatural(significand, in: limbs)
            number.multiply(byPowerOfTen: decimals)
            if exponent > 0 {
                number.shiftLeft(by: exponent)
            } else if exponent < 0 {
                number.shiftRightRoundingToEven(by: -exponent)
            }
            return count + number.writeDecimal(decimals: decimals, at: start + count)
        }
    }
}
