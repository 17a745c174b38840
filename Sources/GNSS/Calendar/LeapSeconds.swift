/// GPS − UTC, the leap seconds UTC has added since GPS time began (1980-01-06), by date: what a
/// receiver's GPS time is converted with before it says the offset itself (u-blox NAV-TIMEGPS).
public enum LeapSeconds {
    /// The first days (UTC) of each offset, 1 s to 18 s; no leap second has been added since
    /// 2017-01-01.
    private static let introduced: [(year: Int, month: Int)] = [
        (1981, 7), (1982, 7), (1983, 7), (1985, 7), (1988, 1), (1990, 1), (1991, 1), (1992, 7), (1993, 7), (1994, 7),
        (1996, 1), (1997, 7), (1999, 1), (2006, 1), (2009, 1), (2012, 7), (2015, 7), (2017, 1),
    ]

    /// The days since 1970 of each entry of `introduced`.
    private static let days: [Int] = introduced.map { CalendarDay(year: $0.year, month: $0.month, day: 1).daysSinceEpoch }

    /// GPS − UTC in seconds at `secondsSince1970` (UTC, or GPS time: the two differ by less
    /// than a day), as the leap seconds announced so far make it; 18 from 2017 on.
    public static func gpsMinusUTC(atSecondsSince1970 seconds: Double) -> Int {
        let day = Int((seconds / 86_400).rounded(.down))
        return days.lastIndex { $0 <= day }.map { $0 + 1 } ?? 0
    }
}
