import GNSS
import NMEA
import UBX

extension Epoch {
    /// How sure a UBX message is of the epoch's UTC time: a later message of higher rank
    /// replaces the time an earlier one gave.
    enum TimeRank: Int, Comparable {
        /// GPS time with the leap seconds of its date (NAV-SOL before NAV-TIMEGPS said them).
        case assumedLeapSeconds = 1
        /// GPS time with the receiver's leap seconds (NAV-TIMEGPS).
        case gpsTime = 2
        /// UTC as the receiver keeps it (NAV-PVT, NAV-TIMEUTC, HNR-PVT).
        case utc = 3

        static func < (lhs: TimeRank, rhs: TimeRank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Sets the epoch's UTC date and time from a receiver's calendar fields, where the receiver
    /// marks them valid (NAV-PVT, NAV-TIMEUTC, HNR-PVT).
    mutating func mergeUTC(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int) {
        let calendarDay = CalendarDay(year: year, month: month, day: day)
        guard calendarDay.isValid, hour < 24, minute < 60, second <= 60 else { return }
        if second == 60 {
            // A leap second: kept as the receiver wrote it.
            guard timeRank.map({ $0 < .utc }) ?? true else { return }
            timeRank = .utc
            mergeDay(year: year, month: month, day: day)
            time = UTCTime(hour: UInt8(hour), minute: UInt8(minute), second: 60, nanosecond: UInt32(max(0, min(999_999_999, nanosecond))))
            return
        }
        let seconds = calendarDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        mergeTime(millisecondsSince1970: seconds * 1000 + Int((Double(nanosecond) / 1e6).rounded()), rank: .utc)
    }

    /// Sets the epoch's UTC date and time from GPS time: `week` and `timeOfWeek` (seconds) less
    /// `leapSeconds`.
    mutating func mergeGPSTime(week: Int, timeOfWeek: Double, leapSeconds: Int, rank: TimeRank) {
        // GPS time began at 1980-01-06 00:00:00 UTC, 315,964,800 s after 1970.
        let milliseconds = (Double(week) * 604_800 + timeOfWeek - Double(leapSeconds) + 315_964_800) * 1000
        guard milliseconds.isFinite, milliseconds > 0, milliseconds < 253_402_300_800_000 else { return }
        mergeTime(millisecondsSince1970: Int(milliseconds.rounded()), rank: rank)
    }

    /// Sets the time and date, to the millisecond (a receiver's `nano` may be a few µs either
    /// side of the epoch's instant; rounded, the NMEA sentences of the epoch share its time),
    /// unless a message of a higher rank set them already.
    private mutating func mergeTime(millisecondsSince1970 milliseconds: Int, rank: TimeRank) {
        guard timeRank.map({ $0 <= rank }) ?? true, milliseconds >= 0 else { return }
        timeRank = rank
        let day = CalendarDay(daysSinceEpoch: milliseconds / 86_400_000)
        mergeDay(year: day.year, month: day.month, day: day.day)
        time = UTCTime(milliseconds: milliseconds % 86_400_000)
    }
}

extension UTCTime {
    /// The time of day `milliseconds` after midnight.
    init(milliseconds: Int) {
        self.init(
            hour: UInt8(milliseconds / 3_600_000), minute: UInt8(milliseconds / 60_000 % 60), second: UInt8(milliseconds / 1000 % 60),
            nanosecond: UInt32(milliseconds % 1000) * 1_000_000)
    }
}
