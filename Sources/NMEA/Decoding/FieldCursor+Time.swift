extension FieldCursor {
    /// A time of day `hhmmss` with an optional fraction of any length, or
    /// `nil` when empty.
    @inline(__always)
    mutating func time(_ name: NMEAFieldName) throws(NMEAError) -> UTCTime? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        guard let (hour, minute, second) = sixDigitsInPairs(at: start), hour < 24, minute < 60, second <= 60
        else { throw .invalidField(name) }
        var position = start + 6
        var nanosecond: UInt32 = 0
        if position.pointee == UInt8(ascii: ".") {
            position += 1
            // Hundredths (`hhmmss.ss`, what most receivers send) are read at once; the loop scales
            // each digit by a falling power of ten, a division a digit. Each byte is read only
            // after the one before it proved a digit, so before the body's end.
            if case let tenths = position[0] &- 0x30, tenths < 10, case let hundredths = position[1] &- 0x30,
               hundredths < 10, position[2] &- 0x30 >= 10 {
                nanosecond = (UInt32(tenths) &* 10 &+ UInt32(hundredths)) &* 10_000_000
                position += 2
            } else {
                var scale: UInt32 = 100_000_000
                while case let digit = position.pointee &- 0x30, digit < 10 {
                    nanosecond &+= UInt32(digit) &* scale
                    scale /= 10
                    position += 1
                }
            }
        }
        try close(at: position, name)
        return UTCTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
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
