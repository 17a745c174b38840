import FoundationEssentials
import GNSS

/// A time as gpsd writes it: ISO 8601 UTC to the millisecond, `2025-06-01T10:00:05.000Z`.
///
/// The millisecond is the nearest one: a `Date` holds a receiver's 10 ms steps inexactly
/// (`.10` s is stored as 0.0999… s), and truncating would print `.099`. Years before 0 are
/// written as `0000`; years past 9999 take more than 24 characters.
public struct GPSDTimestamp: Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest.
    public let millisecondsSince1970: Int

    /// The nearest millisecond to `date`; a date before year 0 or after 9999 is the first or
    /// last millisecond of those years (so the text stays 24 characters), never a trap.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        millisecondsSince1970 = Int(exactly: min(max(milliseconds, Self.earliest), Self.latest)) ?? 0
    }

    /// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
    private static let earliest: Double = -62_167_219_200_000
    private static let latest: Double = 253_402_300_799_999

    /// The 24 characters, `yyyy-mm-ddThh:mm:ss.sssZ`.
    public var description: String {
        String(unsafeUninitializedCapacity: 32) { buffer in write(at: buffer.baseAddress!) }
    }

    /// Writes the text at `start`, where 32 bytes of room were reserved, and returns its length.
    func write(at start: UnsafeMutablePointer<UInt8>) -> Int {
        let (days, millisecondOfDay) = millisecondsSince1970.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, dayMilliseconds) = millisecondOfDay < 0 ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
        let civil = CalendarDay(daysSinceEpoch: day)
        var count = 0
        Self.put(max(civil.year, 0), digits: 4, then: "-", at: start, &count)
        Self.put(civil.month, digits: 2, then: "-", at: start, &count)
        Self.put(civil.day, digits: 2, then: "T", at: start, &count)
        Self.put(dayMilliseconds / 3_600_000, digits: 2, then: ":", at: start, &count)
        Self.put(dayMilliseconds / 60_000 % 60, digits: 2, then: ":", at: start, &count)
        Self.put(dayMilliseconds / 1000 % 60, digits: 2, then: ".", at: start, &count)
        Self.put(dayMilliseconds % 1000, digits: 3, then: "Z", at: start, &count)
        return count
    }

    /// `value` zero-padded to at least `digits` digits, then `separator`, at `start + count`.
    @inline(__always)
    private static func put(
        _ value: Int, digits: Int, then separator: Unicode.Scalar, at start: UnsafeMutablePointer<UInt8>, _ count: inout Int
    ) {
        let length = FixedDecimal.write(UInt64(value), minimumDigits: digits, at: start + count)
        start[count + length] = UInt8(ascii: separator)
        count += length + 1
    }
}
