/// Eight bytes of a sentence read as one word, so that the six digits of a
/// time (`hhmmss`) or date (`ddmmyy`) are checked and paired at once
/// instead of a byte at a time.
///
/// The bytes are loaded as one little-endian word (the first byte lowest)
/// and XOR-ed with `0x30`, which turns `'0'...'9'` into 0–9 and every other
/// byte into 10 or more: one test classifies all eight, and one
/// multiplication turns each pair of digits into its value.
struct DigitWord {
    /// The eight bytes, each XOR-ed with `0x30`.
    let bits: UInt64

    /// Loads the eight bytes from `position`, which must all be readable.
    @inline(__always)
    init(_ position: UnsafePointer<UInt8>) {
        bits = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            ^ 0x3030_3030_3030_3030
    }

    /// How many of the bytes, from the first, are digits: 0–8.
    @inline(__always)
    var leadingDigits: Int { Self.bytesOverNine(bits).trailingZeroBitCount &>> 3 }

    /// The top bit of every byte of `word` that is 10 or more, exact up to
    /// and including the first such byte (the lowest); zero exactly when
    /// every byte is 0–9.
    @inline(__always)
    static func bytesOverNine(_ word: UInt64) -> UInt64 {
        // Adding 0x76 to a byte sets its top bit when it is 10 to 0x89;
        // OR-ing the byte itself flags those from 0x80. Only a byte from 0x8A
        // carries into the next, higher one, and it is flagged itself, so the
        // first flag and the all-clear are exact; above it, flags may be
        // spurious, which neither use (the count of leading digits, the
        // all-digits test) looks at.
        ((word &+ 0x7676_7676_7676_7676) | word) & 0x8080_8080_8080_8080
    }

    /// The byte at `index`, 0–7, as it was before the XOR.
    @inline(__always)
    func byte(at index: Int) -> UInt8 { UInt8(truncatingIfNeeded: bits &>> (UInt64(index) &* 8)) ^ 0x30 }

    /// The number the first `count` bytes spell, when they are digits and
    /// `count` is 1–8.
    ///
    /// The digits are shifted to the top of the word (the bytes shifted in
    /// are zeros: leading zeros), then neighbouring digits, pairs and
    /// quadruples are combined with three multiplications.
    @inline(__always)
    func value(ofLeading count: Int) -> UInt64 {
        var word = bits &<< (UInt64(8 &- count) &* 8)
        word = (word &* (1 &+ 10 &<< 8)) &>> 8 & 0x00FF_00FF_00FF_00FF
        word = (word &* (1 &+ 100 &<< 16)) &>> 16 & 0x0000_FFFF_0000_FFFF
        return (word &* (1 &+ 10_000 &<< 32)) &>> 32
    }

    /// The three two-digit numbers of a `hhmmss` or `ddmmyy` in the first
    /// six bytes, or `nil` when one of them is not a digit.
    @inline(__always)
    func sixDigitsInPairs() -> (UInt8, UInt8, UInt8)? {
        guard leadingDigits >= 6 else { return nil }
        // Each byte becomes ten times itself plus the next, so bytes 0, 2
        // and 4 hold the pairs; the bytes after the sixth are masked off
        // first, so nothing carries into them.
        let pairs = ((bits & 0xFFFF_FFFF_FFFF) &* (10 &<< 8 &+ 1)) &>> 8
        return (UInt8(truncatingIfNeeded: pairs), UInt8(truncatingIfNeeded: pairs &>> 16),
                UInt8(truncatingIfNeeded: pairs &>> 32))
    }
}
