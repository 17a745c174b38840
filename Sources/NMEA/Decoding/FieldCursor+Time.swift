extension FieldCursor {
    /// A time of day `hhmmss` with an optional fraction of any length, or
    /// `nil` when empty.
    ///
    /// Transparent for the reason given at ``lenientDecimal(_:signed:unit:)``: with its plain
    /// path, `@inline(__always)` left it a call from GGA's and RMC's `init`.
    @_transparent
    mutating func time(_ name: NMEAFieldName) throws(NMEAError) -> UTCTime? {
        if let time = plainHundredthsTime() { return time }
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        guard let (hour, minute, second) = sixDigitsInPairs(at: start), hour < 24, minute < 60, second <= 60
        else { throw .invalidField(name) }
        var position = start + 6
        var nanosecond: UInt32 = 0
        // `hhmmss.ss` took ``plainHundredthsTime()`` unless it is malformed or out of range; here
        // come the other fractions, a digit at a time.
        if position.pointee == UInt8(ascii: ".") {
            position += 1
            var scale: UInt32 = 100_000_000
            while case let digit = position.pointee &- 0x30, digit < 10 {
                nanosecond &+= UInt32(digit) &* scale
                scale /= 10
                position += 1
            }
        }
        try close(at: position, name)
        return UTCTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }

    /// The next field as a time when it has the shape most receivers send, `hhmmss.ss` followed
    /// by a comma or the body's end, and is in range; otherwise `nil` with the cursor unmoved, for
    /// ``time(_:)`` to read and judge. The first eight bytes are checked against the shape as one
    /// word and the pairs read by one multiplication, where the general reader tests the point
    /// and each hundredths digit apart (about 20 instructions a GGA or RMC more under callgrind).
    @inline(__always)
    mutating func plainHundredthsTime() -> UTCTime? {
        let start = separator + 1
        // Bytes 0-8 lie within the body and byte 9 is readable; false too when no field is left.
        guard end - start >= 9 else { return nil }
        // Digits become 0-9 and the point 0 (0x2E ^ 0x30 ^ 0x1E).
        let shaped = DigitWord(start).bits ^ 0x001E_0000_0000_0000
        let hundredths = start[8] &- 0x30
        // Each test is its own likely branch; left to the optimiser, they are combined branch-free,
        // which costs more (callgrind: 4 instructions a GGA or RMC).
        guard _fastPath(DigitWord.bytesOverNine(shaped) | (shaped & 0x00FF_0000_0000_0000) == 0),
              _fastPath(hundredths < 10), Self.isEmpty(start + 9, before: end)
        else { return nil }
        // Each byte's digit times ten plus the next byte's: hours, minutes and seconds are bytes 0, 2 and 4.
        let hhmmss = shaped & 0xFFFF_FFFF_FFFF
        let pairs = hhmmss &* 10 &+ hhmmss &>> 8
        // Hour below 24, minute below 60, second at most 60, tested at once: every byte of `pairs`
        // is at most 99, so adding 128 - 24, 128 - 60 and 128 - 61 to bytes 0, 2 and 4 carries
        // into no other byte and sets a byte's top bit exactly when it is out of range.
        guard (pairs &+ 0x43_0044_0068) & 0x80_0080_0080 == 0 else { return nil }
        let hour = UInt8(truncatingIfNeeded: pairs), minute = UInt8(truncatingIfNeeded: pairs &>> 16)
        let second = UInt8(truncatingIfNeeded: pairs &>> 32)
        separator = start + 9
        let tenths = UInt32(truncatingIfNeeded: shaped &>> 56)
        return UTCTime(hour: hour, minute: minute, second: second,
                       nanosecond: (tenths &* 10 &+ UInt32(hundredths)) &* 10_000_000)
    }

    /// The next field as a date when it is `ddmmyy` followed by a comma, as RMC's is, and in
    /// range; otherwise `nil` with the cursor unmoved, for ``date(_:)`` to read and judge. The
    /// digits and the comma are checked as one word and the pairs read by one multiplication,
    /// where the general reader tests the field's emptiness and end apart (about 20
    /// instructions an RMC more under callgrind).
    @inline(__always)
    mutating func plainDate() -> NMEADate? {
        let start = separator + 1
        // The eight bytes lie within the body; false too when no field is left.
        guard end - start >= 8 else { return nil }
        // Digits become 0-9 and the comma 0 (0x2C ^ 0x30 ^ 0x1C); bytes 0-6 are looked at.
        let shaped = (DigitWord(start).bits ^ 0x001C_0000_0000_0000) & 0x00FF_FFFF_FFFF_FFFF
        guard DigitWord.bytesOverNine(shaped) | (shaped & 0x00FF_0000_0000_0000) == 0 else { return nil }
        // Each byte's digit times ten plus the next byte's: day, month and year are bytes 0, 2 and 4.
        let pairs = shaped &* 10 &+ shaped &>> 8
        let day = UInt8(truncatingIfNeeded: pairs), month = UInt8(truncatingIfNeeded: pairs &>> 16)
        guard _fastPath(day &- 1 < 31), _fastPath(month &- 1 < 12) else { return nil }  // branches, not combined
        separator = start + 6
        return NMEADate(day: day, month: month, twoDigitYear: UInt8(truncatingIfNeeded: pairs &>> 32))
    }

    /// A date `ddmmyy`, or `nil` when empty.
    @inline(__always)
    mutating func date(_ name: NMEAFieldName) throws(NMEAError) -> NMEADate? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        guard let (day, month, year) = sixDigitsInPairs(at: start), (1...31).contains(day), (1...12).contains(month)
        else { throw .invalidField(name) }
        try close(at: start + 6, name)
        return NMEADate(day: day, month: month, twoDigitYear: year)
    }

    /// The three two-digit numbers of a `hhmmss` or `ddmmyy` at `start`, or
    /// `nil` when one of the six bytes is not a digit.
    @inline(__always)
    private func sixDigitsInPairs(at start: UnsafePointer<UInt8>) -> (UInt8, UInt8, UInt8)? {
        if let word = digitWord(at: start) { return word.sixDigitsInPairs() }
        var position = start
        guard let first = Self.twoDigits(&position), let second = Self.twoDigits(&position),
              let third = Self.twoDigits(&position)
        else { return nil }
        return (first, second, third)
    }

    @inline(__always)
    private static func twoDigits(_ position: inout UnsafePointer<UInt8>) -> UInt8? {
        let tens = position[0] &- 0x30
        guard tens < 10 else { return nil }
        let ones = position[1] &- 0x30
        guard ones < 10 else { return nil }
        position += 2
        return tens &* 10 &+ ones
    }
}
