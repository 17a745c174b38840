/// A UTC time of day as the receiver reported it, to its full sub-second precision.
public struct UTCTime: Hashable, Sendable, Comparable {
    /// Hour, 0–23.
    public var hour: UInt8
    /// Minute, 0–59.
    public var minute: UInt8
    /// Second, 0–60 (60 only during a leap second).
    public var second: UInt8
    /// Fraction of the second in nanoseconds, 0–999 999 999: a receiver's
    /// `.5` is 500 000 000, its `.123456` is 123 456 000.
    public var nanosecond: UInt32

    /// Creates a time of day; values are taken as given.
    public init(hour: UInt8, minute: UInt8, second: UInt8, nanosecond: UInt32 = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// Seconds since midnight, with the fraction (precise to about 10 ns).
    public var secondsSinceMidnight: Double {
        Double(Int(hour) * 3600 + Int(minute) * 60 + Int(second)) + Double(nanosecond) / 1e9
    }

    /// Orders times within one day.
    public static func < (lhs: UTCTime, rhs: UTCTime) -> Bool {
        (lhs.hour, lhs.minute, lhs.second, lhs.nanosecond) < (rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }
}

extension UTCTime: CustomStringConvertible {
    /// The time as `hh:mm:ss.nnnnnnnnn`, or `hh:mm:ss` when there is no fraction.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let whole = "\(padded(Int(hour), 2)):\(padded(Int(minute), 2)):\(padded(Int(second), 2))"
        return nanosecond == 0 ? whole : whole + "." + padded(Int(nanosecond), 9)
    }
}
