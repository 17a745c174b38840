import Foundation

extension GPSDJSONWriter {
    /// `"key":"2025-06-01T10:00:05.000Z"`: ISO 8601 UTC to the millisecond, as gpsd writes
    /// times; nothing when `date` is `nil`.
    public mutating func field(_ key: StaticString, _ date: Date?) {
        guard let date else { return }
        writeKey(key, reserving: 32)
        writeTimestamp(date)
    }

    /// `"yyyy-mm-ddThh:mm:ss.sssZ"`, to the nearest millisecond (a `Date` holds a receiver's
    /// 10 ms steps inexactly), where room was reserved. The text of the last time is kept: a
    /// TPV and its SKY have the same.
    private mutating func writeTimestamp(_ date: Date) {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        put(UInt8(ascii: "\""))
        let text = UnsafeMutableRawPointer(storage + count)
        if let last = lastTime, last.milliseconds == milliseconds {
            text.storeBytes(of: last.text.0, as: UInt64.self)
            text.storeBytes(of: last.text.1, toByteOffset: 8, as: UInt64.self)
            text.storeBytes(of: last.text.2, toByteOffset: 16, as: UInt64.self)
            count &+= 24
        } else {
            let start = count
            writeCivilTime(milliseconds)
            // Years past 9999 take more room; they are not kept.
            lastTime = count - start != 24 ? nil : (milliseconds, (text.loadUnaligned(as: UInt64.self), text.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                                       text.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
        }
        put(UInt8(ascii: "\""))
    }

    /// The 24 characters of `yyyy-mm-ddThh:mm:ss.sssZ`, the civil date from days since 1970
    /// (Howard Hinnant's algorithm); years before 0 are written as 0000.
    private mutating func writeCivilTime(_ milliseconds: Int) {
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, dayMilliseconds) = millisecondOfDay < 0 ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
        let civil = Self.civilDate(daysSince1970: day)
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
        put(UInt8(ascii: "Z"))
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
