import NMEA

/// Every value a pass decodes, folded into three sums: a decoder whose results
/// are all consumed cannot be trimmed by the optimiser, and two passes over the
/// same bytes must produce the same checksum.
struct Checksum: Equatable {
    /// The sum of the decoded numbers: coordinates, DOPs, altitudes, speeds,
    /// courses, SNRs, deviations.
    private(set) var numbers = 0.0
    /// The wrapping sum of integers, indicators' raw values, times, dates and
    /// malformed-field sets.
    private(set) var integers: UInt64 = 0
    /// How many optional values were present, so that an empty field and a
    /// zero one differ.
    private(set) var present: UInt64 = 0

    mutating func fold(_ value: Double?) {
        numbers += value ?? 0
        present &+= value == nil ? 0 : 1
    }

    mutating func fold(_ value: Int?) {
        integers &+= UInt64(truncatingIfNeeded: value ?? 0)
        present &+= value == nil ? 0 : 1
    }

    mutating func fold(_ value: UInt8?) { fold(value.map(Int.init)) }

    /// An indicator (fix quality, status, mode, ...) by its letter or digit.
    mutating func fold<Indicator: RawRepresentable<UInt8>>(_ indicator: Indicator?) { fold(indicator?.rawValue) }

    /// A time as one word: hour, minute and second above the nanoseconds.
    mutating func fold(_ time: UTCTime?) {
        fold(time.map { Int($0.hour) << 48 | Int($0.minute) << 40 | Int($0.second) << 32 | Int($0.nanosecond) })
    }

    mutating func fold(_ date: NMEADate?) {
        fold(date.map { Int($0.day) << 16 | Int($0.month) << 8 | Int($0.twoDigitYear) })
    }

    mutating func fold(_ fields: FieldNumbers) { integers &+= UInt64(fields.rawValue) }

    /// The three sums in hexadecimal (the sum of numbers by its bits), for the JSON line: a
    /// change to the decoders that keeps this digest for a log left every value the same.
    var digest: String {
        String(numbers.bitPattern, radix: 16) + "-" + String(integers, radix: 16) + "-" + String(present, radix: 16)
    }
}
