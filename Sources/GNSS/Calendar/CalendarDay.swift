/// A day of the proleptic Gregorian calendar in UTC, as receivers report it.
///
/// Arithmetic is integer day counting (Howard Hinnant's `days_from_civil` and `civil_from_days`),
/// so turning a receiver's date into a timestamp allocates nothing and involves no `Calendar` or
/// time zone: the instant `seconds` into the day is `daysSinceEpoch × 86 400 + seconds` seconds
/// after 1970-01-01T00:00:00Z.
public struct CalendarDay: Hashable, Sendable {
    /// The year, such as 2025; 0 is 1 BC.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// A day from its values, taken as given (see `isValid`).
    ///
    /// - Parameters:
    ///   - year: The year.
    ///   - month: The month, 1–12.
    ///   - day: The day of the month, 1–31.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day this many days after 1970-01-01 (before it when negative).
    ///
    /// - Parameter days: Days since 1970-01-01.
    public init(daysSinceEpoch days: Int) {
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

    /// Days since 1970-01-01, negative before it.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether the values name a real day: a month of 1–12 and a day that month has (29 February
    /// only in a leap year). Receivers send impossible dates when they do not know.
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return CalendarDay(daysSinceEpoch: daysSinceEpoch) == self
    }

    /// The following day.
    public var next: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + 1) }

    /// The day before.
    public var previous: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch - 1) }
}
