import GNSS

// Numbers are most of gpsd's JSON (a SKY is mostly satellites' angles and SNRs), so they are
// written as integers straight into the buffer: no `String`, no `printf`. GNSS's `FixedDecimal`
// writes the digits, and the fixed-point numbers exactly as `printf("%.*f")` does.
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
        count &+= FixedDecimal.write(value, minimumDigits: minimumCount, at: storage + count)
    }

    /// `value` with exactly `decimals` digits after the point (0...15), as `printf("%.*f")`
    /// writes it. Room for the longest is reserved here: a receiver's values take 20 + `decimals`
    /// bytes at most, but a `Double` may take 311 + `decimals`.
    mutating func writeFixed(_ value: Double, decimals: Int) {
        reserve(FixedDecimal.maximumLength(decimals: decimals))
        count &+= FixedDecimal.write(value, decimals: decimals, at: storage + count)
    }

    /// `%.2f`, gpsd's precision for dilutions of precision: below 100, as a receiver's are, the
    /// whole part and the hundredths are written as two small numbers, which is about half the
    /// work of `FixedDecimal`'s general digit loop; other values go through it. Where room for
    /// 22 bytes was reserved.
    mutating func writeHundredths(_ value: Double) {
        guard value.sign == .plus, value < 100, let units = FixedDecimal.units(of: value, decimals: 2) else {
            writeFixed(value, decimals: 2)
            return
        }
        let (whole, hundredths) = Int(units).quotientAndRemainder(dividingBy: 100)
        writeSmall(whole)
        put(UInt8(ascii: "."))
        writeTwoDigits(hundredths)
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

    /// "00" to "99" in one constant, for `writeTwoDigits`: a StaticString needs no lazy
    /// initialization.
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
        81828384858687888990919293949596979899
        """
}
