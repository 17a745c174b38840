extension FieldCursor {
    /// A time of day `hhmmss` with an optional fraction of any length, or
    /// `nil` when empty.
    @inline(__always)
    mutating func time(_ name: NMEAFieldName) throws(NMEAError) -> UTCTime? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        var position = start
        guard let hour = Self.twoDigits(&position), let minute = Self.twoDigits(&position),
              let second = Self.twoDigits(&position), hour < 24, minute < 60, second <= 60
        else { throw .invalidField(name) }
        var nanosecond: UInt32 = 0
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

    /// A date `ddmmyy`, or `nil` when empty.
    @inline(__always)
    mutating func date(_ name: NMEAFieldName) throws(NMEAError) -> NMEADate? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        var position = start
        guard let day = Self.twoDigits(&position), let month = Self.twoDigits(&position),
              let year = Self.twoDigits(&position), (1...31).contains(day), (1...12).contains(month)
        else { throw .invalidField(name) }
        try close(at: position, name)
        return NMEADate(day: day, month: month, twoDigitYear: year)
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
