import Foundation

extension GPSDJSONWriter {
    /// `"key":"2025-06-01T10:00:05.000Z"`: ISO 8601 UTC to the millisecond, as gpsd writes
    /// times; nothing when `date` is `nil`.
    public mutating func field(_ key: StaticString, _ date: Date?) {
        guard let date else { return }
        writeKey(key, reserving: 32)
        writeTimestamp(date)
    }

    /// `"yyyy-mm-ddThh:mm:ss.sssZ"`, the civil date from days since 1970 (Howard Hinnant's
    /// algorithm), to the nearest millisecond (a `Date` holds a receiver's 10 ms steps
    /// inexactly), where room was reserved.
    private mutating func writeTimestamp(_ date: Date) {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, dayMilliseconds) = millisecondOfDay < 0 ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
        let civil = Self.civilDate(daysSince1970: day)
        put(UInt8(ascii: "\""))
        writeDigits(UInt64(max(civil.year, 0)), minimumCount: 4)
        put(UInt8(ascii: "-"))
        writeDigits(UInt64(civil.month), minimumCount: 2)
        put(UInt8(ascii: "-"))
        writeDigits(UInt64(civil.day), minimumCount: 2)
        put(UInt8(ascii: "T"))
        writeDigits(UInt64(dayMilliseconds / 3_600_000), minimumCount: 2)
        put(UInt8(ascii: ":"))
        writeDigits(UInt64(dayMilliseconds / 60_000 % 60), minimumCount: 2)
        put(UInt8(ascii: ":"))
        writeDigits(UInt64(dayMilliseconds / 1000 % 60), minimumCount: 2)
        put(UInt8(ascii: "."))
        writeDigits(UInt64(dayMilliseconds % 1000), minimumCount: 3)
        append("Z\"")
    }

    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
