import Foundation

/// A day of the proleptic Gregorian calendar in UTC, as receivers report it.
///
/// Arithmetic is integer day counting (Howard Hinnant's `days_from_civil`), so building a
/// timestamp allocates nothing and involves no `Calendar` or time zone. Package-wide: GPSD's
/// timestamps are written with it.
package struct CalendarDay: Hashable, Sendable {
    package var year: Int
    package var month: Int
    package var day: Int

    /// Days since 1970-01-01.
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day with this many days since 1970-01-01.
    package init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether the values name a real day; receivers send impossible dates when they do not
    /// know (a month of 0, the year -1 of a week-rollover bug).
    var isValid: Bool {
        guard (1...12).contains(month), day >= 1, year >= 1980 else { return false }
        return CalendarDay(daysSinceEpoch: daysSinceEpoch) == self
    }

    /// The following day.
    var next: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + 1) }

    /// The instant `secondsIntoDay` after this day's midnight UTC.
    func date(secondsIntoDay: Double) -> Date {
        Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400 + secondsIntoDay)
    }
}
