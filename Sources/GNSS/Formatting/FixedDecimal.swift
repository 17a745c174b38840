/// A `Double` as decimal text with a fixed number of decimals, byte for byte what C's
/// `printf("%.*f")` (glibc's) writes: the exact binary value rounded to the nearest, an exact tie
/// to even; a minus sign whenever the sign bit is set, so `-0.0004` to three decimals is
/// `-0.000`; `nan`, `-nan`, `inf` and `-inf` for the values that are not numbers.
///
/// Without `String(format:)`, which costs a Foundation string and a boxed argument list per
/// number: `write(_:decimals:at:)` puts the bytes into memory the caller owns and allocates
/// nothing, so gpsd's JSON and `gps`'s fix lines are written with it, integers included
/// (`write(_:minimumDigits:at:)`).
///
/// ```swift
/// var line = ""
/// FixedDecimal.append(2.675, decimals: 2, width: 7, to: &line)  // "   2.67": 2.675 is 2.67499999…
/// ```
public enum FixedDecimal {
    /// The most decimals the formatter writes.
    @inlinable public static var maximumDecimals: Int { 15 }

    /// The most bytes `write(_:decimals:at:)` writes: 311 + `decimals` (a sign, the 309 digits
    /// before the point of the largest `Double`, the point). A value whose digits fit 53 bits
    /// (`units(of:decimals:)` is not `nil`), as every value a receiver gives does, takes at most
    /// 20 + `decimals`.
    ///
    /// - Parameter decimals: Digits after the point, 0...15.
    /// - Returns: Bytes of room to reserve.
    @inlinable @inline(__always)
    public static func maximumLength(decimals: Int) -> Int { 311 + decimals }

    /// Writes `value` with exactly `decimals` digits after the point (none, and no point, for 0)
    /// at `start`, which must have room for `maximumLength(decimals:)` bytes, or 20 + `decimals`
    /// when `units(of:decimals:)` is not `nil`.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - decimals: Digits after the point, 0...15.
    ///   - start: Where the first byte goes.
    /// - Returns: How many bytes were written.
    @inlinable @inline(__always)
    public static func write(_ value: Double, decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude, scale = scale(decimals)
        guard isShort(magnitude, scale: scale) else { return writeExactly(value, decimals: decimals, at: start) }
        let units = roundedUnits(magnitude, scale: scale)
        var count = 0
        if value.sign == .minus {
            start[0] = UInt8(ascii: "-")
            count = 1
        }
        return count + writeUnits(units, decimals: decimals, at: start + count)
    }

    /// Writes the decimal digits of `value`, zero-padded on the left to `minimumDigits`, as
    /// `printf("%0*llu")` writes it, at `start`, which must have room for 20 bytes or
    /// `minimumDigits`, the more.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - minimumDigits: The least number of digits.
    ///   - start: Where the first byte goes.
    /// - Returns: How many bytes were written.
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, minimumDigits: Int = 1, at start: UnsafeMutablePointer<UInt8>) -> Int {
        let length = max(decimalLength(value), minimumDigits)
        writeDigits(value, length: length, at: start)
        return length
    }

    /// `value.magnitude` counted in units of its last decimal (hundredths for 2 decimals),
    /// rounded as `printf` rounds: 1.005 to 2 decimals is 100, since 1.005 is 1.00499999…
    ///
    /// - Parameters:
    ///   - value: The number; its sign is ignored.
    ///   - decimals: Digits after the point, 0...15.
    /// - Returns: The units, or `nil` when they might not fit 53 bits (`value.magnitude` ×
    ///   10^`decimals` is 9 × 10^15 or more), for NaN and for the infinities.
    @inlinable @inline(__always)
    public static func units(of value: Double, decimals: Int) -> UInt64? {
        let magnitude = value.magnitude, scale = scale(decimals)
        return isShort(magnitude, scale: scale) ? roundedUnits(magnitude, scale: scale) : nil
    }

    /// Appends `value` with exactly `decimals` digits after the point, right-aligned in `width`
    /// characters as `printf("%*.*f")` aligns it: spaces on the left, nothing cut.
    ///
    /// - Parameters:
    ///   - value: The number to write.
    ///   - decimals: Digits after the point, 0...15.
    ///   - width: The least number of characters; 0 for no padding.
    ///   - text: The string to append to.
    public static func append(_ value: Double, decimals: Int, width: Int = 0, to text: inout String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength(decimals: maximumDecimals)) { buffer in
            let length = write(value, decimals: decimals, at: buffer.baseAddress!)
            if length < width { text += String(repeating: " ", count: width - length) }
            text += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
        }
    }

    /// 10^`decimals` as a `Double`, exactly.
    @inlinable @inline(__always)
    static func scale(_ decimals: Int) -> Double {
        precondition(decimals >= 0 && decimals <= maximumDecimals, "FixedDecimal writes 0 to 15 decimals")
        // gpsd's precisions without a loop: 3 (errors, speeds), 4 (altitudes), 9 (coordinates),
        // 2 (DOPs); a fix line's 1 and 6.
        switch decimals {
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10000
        case 6: return 1_000_000
        case 9: return 1_000_000_000
        default:
            var power: UInt64 = 1
            for _ in 0..<decimals { power &*= 10 }
            return Double(power)
        }
    }

    /// Whether `magnitude` × `scale` is below 9 × 10^15, where `roundedUnits` is exact; false
    /// for NaN and infinities.
    @inlinable @inline(__always)
    static func isShort(_ magnitude: Double, scale: Double) -> Bool { magnitude * scale < 9.0e15 }

    /// `magnitude` × `scale` rounded to an integer as `printf` rounds the exact product: to
    /// nearest, ties to even; for products below 9 × 10^15.
    @inlinable @inline(__always)
    static func roundedUnits(_ magnitude: Double, scale: Double) -> UInt64 {
        let product = magnitude * scale
        // Truncation is the floor here: the product is not negative. Through Int64, which the
        // processor converts in one instruction, unlike UInt64.
        var whole = UInt64(Int64(product))
        // Below 2^53 the distance from one half is exact and a multiple of the product's ulp,
        // so when it is not 0 its sign decides, whatever the product's rounding error (at most
        // half an ulp). Only a product that is exactly a tie needs the error: product + error is
        // the exact value × scale, a fused multiply-add recovers it.
        let distanceFromHalf = (product - Double(Int64(whole))) - 0.5
        if distanceFromHalf > 0 {
            whole &+= 1
        } else if distanceFromHalf == 0 {
            let error = (-product).addingProduct(magnitude, scale)
            if error > 0 || (error == 0 && whole % 2 == 1) { whole &+= 1 }
        }
        return whole
    }

    /// The digits of `units` with the point slid in `decimals` from the right, a 0 before it at
    /// least; returns how many bytes were written.
    @inlinable @inline(__always)
    static func writeUnits(_ units: UInt64, decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        guard decimals > 0 else {
            let length = decimalLength(units)
            writeDigits(units, length: length, at: start)
            return length
        }
        // The fraction first, from the right, an odd digit then pairs, so nothing is divided by
        // a power of ten that is not a constant.
        let digits = max(decimalLength(units), decimals + 1)
        var rest = units
        var index = digits + 1
        if decimals % 2 == 1 {
            index &-= 1
            start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        let pairs = digitPairs.utf8Start
        while index > digits + 1 - decimals {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index &-= 2
            start[index] = pairs[pair]
            start[index &+ 1] = pairs[pair &+ 1]
        }
        start[digits - decimals] = UInt8(ascii: ".")
        writeDigits(rest, length: digits - decimals, at: start)
        return digits + 1
    }

    /// How many decimal digits `value` has (1 for 0).
    @inlinable @inline(__always)
    static func decimalLength(_ value: UInt64) -> Int {
        var length = 1
        var rest = value
        while rest >= 10_000 {
            rest /= 10_000
            length &+= 4
        }
        if rest >= 10 { length &+= 1 }
        if rest >= 100 { length &+= 1 }
        if rest >= 1000 { length &+= 1 }
        return length
    }

    /// The last `length` decimal digits of `value` at `start`, two per division, from the right.
    @inlinable @inline(__always)
    static func writeDigits(_ value: UInt64, length: Int, at start: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value
        var index = length
        while index >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index &-= 2
            start[index] = pairs[pair]
            start[index &+ 1] = pairs[pair &+ 1]
        }
        if index == 1 { start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
    }

    /// "00" to "99" in one constant: a literal, so no lazy initialization and none across modules.
    @inlinable
    static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
        81828384858687888990919293949596979899
        """
    }
}
