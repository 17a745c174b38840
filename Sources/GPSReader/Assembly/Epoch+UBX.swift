import GNSS
import NMEA
import UBX

extension Epoch {
    /// Merges a NAV-PVT: its time and date where the receiver marks them valid, and its
    /// solution.
    mutating func merge(_ pvt: NAVPVT) {
        ubx?.merge(pvt)
        guard pvt.validDate, pvt.validTime else { return }
        let day = CalendarDay(year: pvt.year, month: pvt.month, day: pvt.day)
        guard day.isValid, pvt.hour < 24, pvt.minute < 60, pvt.second <= 60 else { return }
        mergeDay(year: day.year, month: day.month, day: day.day)
        if pvt.second == 60 {
            // A leap second: kept as the receiver wrote it.
            time = UTCTime(hour: UInt8(pvt.hour), minute: UInt8(pvt.minute), second: 60, nanosecond: UInt32(max(0, min(999_999_999, pvt.nanosecond))))
            return
        }
        // The time rounded to the millisecond (the receiver's `nano` may be a few µs either side
        // of the epoch's instant), so that the NMEA sentences of the same epoch share it.
        var milliseconds = (pvt.hour * 3600 + pvt.minute * 60 + pvt.second) * 1000
            + Int((Double(pvt.nanosecond) / 1e6).rounded())
        var calendarDay = day
        if milliseconds < 0 {
            milliseconds += 86_400_000
            calendarDay = calendarDay.previous
        } else if milliseconds >= 86_400_000 {
            milliseconds -= 86_400_000
            calendarDay = calendarDay.next
        }
        time = UTCTime(milliseconds: milliseconds)
        mergeDay(year: calendarDay.year, month: calendarDay.month, day: calendarDay.day)
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
