import Foundation

// Numbers are most of gpsd's JSON (a SKY is mostly satellites' angles and SNRs), so they are
// written as integers straight into the buffer: no `String`, no `printf`.
extension GPSDJSONWriter {
    /// An integer, where room was reserved (at most 20 bytes).
    @inline(__always)
    mutating func writeInteger(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        writeDigits(UInt64(value.magnitude), minimumCount: 1)
    }

    /// The decimal digits of `value`, zero-padded on the left to `minimumCount`, where room
    /// was reserved.
    @inline(__always)
    mutating func writeDigits(_ value: UInt64, minimumCount: Int) {
        let length = max(Self.decimalLength(value), minimumCount)
        Self.writeDigits(value, length: length, at: storage + count)
        count &+= length
    }

    /// How many decimal digits `value` has (1 for 0).
    @inline(__always)
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
    @inline(__always)
    static func writeDigits(_ value: UInt64, length: Int, at start: UnsafeMutablePointer<UInt8>) {
        // "00" to "99" in one constant: a StaticString needs no lazy initialization.
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

    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
        81828384858687888990919293949596979899
        """

    /// `value` with exactly `decimals` digits after the point (0...15), rounded as `printf`
    /// rounds the exact binary value: to nearest, ties to even; where room for 20 + `decimals`
    /// bytes was reserved.
    mutating func writeFixed(_ value: Double, decimals: Int) {
        let scale = Double(Self.powerOfTen(decimals))
        guard value.magnitude * scale < 9.0e15 else {
            // Beyond what the fast path holds exactly; gpsd never writes such values.
            writeFormatted(value, decimals: decimals)
            return
        }
        let whole = Self.rounded(value.magnitude, scale: scale)
        // printf keeps the sign of a negative value that rounds to zero: "-0.000".
        if value.sign == .minus { put(UInt8(ascii: "-")) }
        guard decimals > 0 else {
            writeDigits(whole, minimumCount: 1)
            return
        }
        // The digits of `whole` with the point slid in: the fraction first, from the right, an
        // odd digit then pairs, so nothing is divided by a power of ten that is not a constant.
        let digits = max(Self.decimalLength(whole), decimals + 1)
        let start = storage + count
        var rest = whole
        var index = digits + 1
        if decimals % 2 == 1 {
            index &-= 1
            start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        let pairs = Self.digitPairs.utf8Start
        while index > digits + 1 - decimals {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index &-= 2
            start[index] = pairs[pair]
            start[index &+ 1] = pairs[pair &+ 1]
        }
        start[digits - decimals] = UInt8(ascii: ".")
        Self.writeDigits(rest, length: digits - decimals, at: start)
        count &+= digits + 1
    }

    /// `%.2f`, gpsd's precision for dilutions of precision: below 100, as a receiver's are, the
    /// whole part and the hundredths are written as two small numbers, which is about half the
    /// work of `writeFixed`'s general digit loop; other values go through it. Where room for 22
    /// bytes was reserved.
    mutating func writeHundredths(_ value: Double) {
        guard value.sign == .plus, value < 100 else {
            writeFixed(value, decimals: 2)
            return
        }
        let (whole, hundredths) = Int(Self.rounded(value, scale: 100)).quotientAndRemainder(dividingBy: 100)
        writeSmall(whole)
        put(UInt8(ascii: "."))
        writeTwoDigits(hundredths)
    }

    /// `magnitude` × `scale` rounded to an integer as `printf` rounds the exact product: to
    /// nearest, ties to even; for products below 9 × 10^15.
    @inline(__always)
    private static func rounded(_ magnitude: Double, scale: Double) -> UInt64 {
        let product = magnitude * scale
        // Truncation is the floor here: the product is not negative. Through Int64, which the
        // processor converts in one instruction, unlike UInt64.
        var whole = UInt64(Int64(product))
        // Below 2^52 the distance from one half is exact and a multiple of the product's ulp,
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

    /// 10^`exponent` for 0...15, exactly.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        // gpsd's precisions without a loop: 3 (errors, speeds), 4 (altitudes), 9 (coordinates), 2 (DOPs).
        switch exponent {
        case 3: return 1000
        case 4: return 10000
        case 9: return 1_000_000_000
        case 2: return 100
        default:
            var power: UInt64 = 1
            for _ in 0..<exponent { power &*= 10 }
            return power
        }
    }

    /// `%.1f` of an angle or an SNR: receivers give whole numbers below 1000, which need no
    /// rounding.
    @inline(__always)
    mutating func writeTenths(_ value: Double) {
        if value >= 0, value < 1000, Double(Int(value)) == value {
            writeSmall(Int(value))
            put(UInt8(ascii: "."))
            put(UInt8(ascii: "0"))
        } else {
            writeFixed(value, decimals: 1)
        }
    }

    /// 0...999 in decimal, where room was reserved: one branch and at most one division by a
    /// constant, for satellite numbers, angles and SNRs.
    @inline(__always)
    mutating func writeSmall(_ value: Int) {
        if value < 10 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
        } else if value < 100 {
            writeTwoDigits(value)
        } else {
            let (hundreds, rest) = value.quotientAndRemainder(dividingBy: 100)
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds))
            writeTwoDigits(rest)
        }
    }

    /// 0...99 as two digits ("07"), where room was reserved: one two-byte copy from `digitPairs`.
    @inline(__always)
    mutating func writeTwoDigits(_ value: Int) {
        let pair = UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(fromByteOffset: value &* 2, as: UInt16.self)
        UnsafeMutableRawPointer(storage + count).storeBytes(of: pair, as: UInt16.self)
        count &+= 2
    }

    /// `printf("%.*f")` itself, for magnitudes the fast path cannot hold exactly.
    @inline(never)
    private mutating func writeFormatted(_ value: Double, decimals: Int) {
        let text = String(format: "%.\(decimals)f", value)
        reserve(text.utf8.count)
        for byte in text.utf8 { put(byte) }
    }
}
