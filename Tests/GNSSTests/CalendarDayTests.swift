import GNSS
import Testing

/// Days of the proleptic Gregorian calendar, counted from 1970-01-01.
@Suite("Calendar days")
struct CalendarDayTests {
    @Test("known days have their counts from 1970-01-01, before it too", arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (1980, 1, 6, 3657), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
        (2019, 4, 7, 17_993), (2025, 6, 1, 20_240), (1, 1, 1, -719_162), (0, 3, 1, -719_468),
    ])
    func knownDays(year: Int, month: Int, day: Int, days: Int) {
        let calendarDay = CalendarDay(year: year, month: month, day: day)
        #expect(calendarDay.daysSinceEpoch == days)
        #expect(CalendarDay(daysSinceEpoch: days) == calendarDay)
    }

    @Test("a count round-trips through its day, across 4,000 years either side of 1970")
    func countsRoundTrip() {
        for days in stride(from: -1_500_000, through: 1_500_000, by: 97) {
            let day = CalendarDay(daysSinceEpoch: days)
            #expect(day.daysSinceEpoch == days)
            #expect(day.isValid)
            #expect(day.next.daysSinceEpoch == days + 1)
        }
    }

    @Test("real days are valid; a month of 0 or 13, a day of 0 or 32, 29 February outside leap years are not")
    func validity() {
        #expect(CalendarDay(year: 2024, month: 2, day: 29).isValid)
        #expect(CalendarDay(year: 2000, month: 2, day: 29).isValid)
        #expect(!CalendarDay(year: 2025, month: 2, day: 29).isValid)
        #expect(!CalendarDay(year: 1900, month: 2, day: 29).isValid)
        #expect(!CalendarDay(year: 2100, month: 2, day: 29).isValid)
        #expect(!CalendarDay(year: 2025, month: 4, day: 31).isValid)
        #expect(!CalendarDay(year: 2025, month: 0, day: 1).isValid)
        #expect(!CalendarDay(year: 2025, month: 13, day: 1).isValid)
        #expect(!CalendarDay(year: 2025, month: 1, day: 0).isValid)
        #expect(!CalendarDay(year: 2025, month: 1, day: 32).isValid)
    }

    @Test("the next day crosses months, leap days and years")
    func next() {
        #expect(CalendarDay(year: 2024, month: 2, day: 28).next == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(CalendarDay(year: 2024, month: 2, day: 29).next == CalendarDay(year: 2024, month: 3, day: 1))
        #expect(CalendarDay(year: 2025, month: 2, day: 28).next == CalendarDay(year: 2025, month: 3, day: 1))
        #expect(CalendarDay(year: 2025, month: 12, day: 31).next == CalendarDay(year: 2026, month: 1, day: 1))
    }
}
