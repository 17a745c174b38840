import NMEA

// The few fields the fix assembler needs from sentences `NMEA` does not decode (GSA, ZDA, GLL).
// They are read in place, so they allocate nothing; a malformed field reads as absent.

extension NMEASentence {
    /// GSA field 2: 1 no fix, 2 a 2D fix, 3 a 3D fix.
    var gsaFixDimension: UInt8? {
        guard let field = field(at: 1), field.bytes.count == 1 else { return nil }
        let digit = field.bytes[0] &- UInt8(ascii: "0")
        return (1...3).contains(digit) ? digit : nil
    }

    /// The UTC time of day in field `index`, as `hhmmss` with an optional fraction.
    func utcTime(inField index: Int) -> UTCTime? {
        field(at: index).flatMap { UTCTime(field: $0.bytes) }
    }

    /// ZDA's date: day (field 2), month (field 3), four-digit year (field 4).
    var zdaDay: CalendarDay? {
        var fields = fields.makeIterator()
        _ = fields.next()
        guard let day = fields.next().flatMap({ unsignedInteger($0.bytes) }),
              let month = fields.next().flatMap({ unsignedInteger($0.bytes) }),
              let year = fields.next().flatMap({ unsignedInteger($0.bytes) }) else { return nil }
        let calendarDay = CalendarDay(year: year, month: month, day: day)
        return calendarDay.isValid ? calendarDay : nil
    }
}

/// The value of a field of 1 to 9 decimal digits, `nil` for anything else.
private func unsignedInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard (1...9).contains(bytes.count) else { return nil }
    var value = 0
    for byte in bytes {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
    }
    return value
}

extension UTCTime {
    /// Reads `hhmmss` or `hhmmss.f…` (up to nine fraction digits); `nil` for anything else.
    init?(field bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 6, let hour = unsignedInteger(UnsafeBufferPointer(rebasing: bytes[0..<2])),
              let minute = unsignedInteger(UnsafeBufferPointer(rebasing: bytes[2..<4])),
              let second = unsignedInteger(UnsafeBufferPointer(rebasing: bytes[4..<6])),
              hour < 24, minute < 60, second <= 60 else { return nil }
        var nanosecond = 0
        if bytes.count > 6 {
            let fraction = UnsafeBufferPointer(rebasing: bytes[7...])
            guard bytes[6] == UInt8(ascii: "."), fraction.count <= 9 else { return nil }
            if !fraction.isEmpty {
                guard let digits = unsignedInteger(fraction) else { return nil }
                nanosecond = digits
                for _ in fraction.count..<9 { nanosecond *= 10 }
            }
        }
        self.init(hour: UInt8(hour), minute: UInt8(minute), second: UInt8(second), nanosecond: UInt32(nanosecond))
    }
}
