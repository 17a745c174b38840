import Foundation

/// Writes gpsd JSON objects, one a line (ended by CR LF, as gpsd ends them), into a byte
/// buffer that is reused from object to object.
///
/// Keys keep the order they are written in, `"class"` first; a field whose value is unknown is
/// simply not written, so the output never holds a `null`. Numbers are written with a fixed
/// number of decimals, rounded exactly as C's `printf("%.*f")` rounds (gpsd writes latitude
/// with `%.9f`, altitudes with `%.4f`...), without going through `String(format:)`.
///
/// ```swift
/// var writer = GPSDJSONWriter()
/// writer.beginObject(class: "TPV")
/// writer.field("mode", 3)
/// writer.field("lat", 48.1374, decimals: 9)
/// writer.endObject()
/// // writer.bytes: {"class":"TPV","mode":3,"lat":48.137400000}\r\n
/// ```
public struct GPSDJSONWriter: Sendable {
    /// Every line written since the last `removeAll()`.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member of the innermost object or array needs a comma before it.
    private var needsComma = false
    /// How many objects are open.
    private var depth = 0

    /// Creates an empty writer that can hold `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets what was written, keeping the storage for the next objects.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
        depth = 0
    }

    // MARK: Objects and arrays

    /// Starts an object: a line of its own at the top level, else an element of the array
    /// begun last. With a `name`, its first member is `"class":name`.
    public mutating func beginObject(class name: StaticString? = nil) {
        if depth > 0 && needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        needsComma = false
        if let name { field("class", name) }
    }

    /// Ends the object begun last, and its line when it is a top-level one.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        depth -= 1
        needsComma = depth > 0
        if depth == 0 {
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
    }

    /// Starts an array member: `"key":[`.
    public mutating func beginArray(_ key: StaticString) {
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the array begun last.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: Members

    /// `"key":value` for an integer.
    public mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key)
        writeInteger(value)
    }

    /// `"key":true` or `"key":false`.
    public mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        append(value ? "true" : "false")
    }

    /// `"key":value` with `decimals` digits after the point (`printf("%.*f")`); nothing at all
    /// when `value` is `nil`, infinite or NaN, since JSON has no such numbers.
    public mutating func field(_ key: StaticString, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        writeKey(key)
        writeFixed(value, decimals: decimals)
    }

    /// `"key":"text"` for a constant string, which needs no escaping.
    public mutating func field(_ key: StaticString, _ text: StaticString) {
        writeKey(key)
        bytes.append(UInt8(ascii: "\""))
        append(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":"text"`, escaped as JSON requires; nothing when `text` is `nil`.
    public mutating func field(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        writeKey(key)
        writeString(text)
    }

    /// `"key":"2025-06-01T10:00:05.000Z"`: ISO 8601 UTC to the millisecond, as gpsd writes
    /// times; nothing when `date` is `nil`.
    public mutating func field(_ key: StaticString, _ date: Date?) {
        guard let date else { return }
        writeKey(key)
        writeTimestamp(date)
    }

    // MARK: Writing

    private mutating func writeKey(_ key: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        append(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func writeInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(value.magnitude, minimumCount: 1)
    }

    /// The decimal digits of `value`, zero-padded on the left to `minimumCount`.
    private mutating func writeDigits(_ value: UInt, minimumCount: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, on the stack
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < minimumCount
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// `value` with exactly `decimals` digits after the point, rounded as `printf` rounds the
    /// exact binary value: to nearest, ties to even.
    private mutating func writeFixed(_ value: Double, decimals: Int) {
        let scale = Self.powersOfTen[decimals]
        let product = value.magnitude * scale
        guard product < 9.0e15 else {
            // Beyond what the fast path holds exactly; gpsd never writes such values.
            bytes.append(contentsOf: String(format: "%.\(decimals)f", value).utf8)
            return
        }
        // product + error is the exact value × 10^decimals (a fused multiply-add recovers the error).
        let error = (-product).addingProduct(value.magnitude, scale)
        var whole = product.rounded(.down)
        let distanceFromHalf = (product - whole) - 0.5
        if distanceFromHalf > 0 || (distanceFromHalf == 0 && error > 0) {
            whole += 1
        } else if distanceFromHalf == 0 && error == 0 && whole.truncatingRemainder(dividingBy: 2) == 1 {
            whole += 1
        }
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        let scaled = UInt(whole)
        let unit = UInt(scale)
        writeDigits(scaled / unit, minimumCount: 1)
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        writeDigits(scaled % unit, minimumCount: decimals)
    }

    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `"yyyy-mm-ddThh:mm:ss.sssZ"`, the civil date from days since 1970 (Howard Hinnant's
    /// algorithm), to the nearest millisecond (a `Date` holds a receiver's 10 ms steps inexactly).
    private mutating func writeTimestamp(_ date: Date) {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, dayMilliseconds) = millisecondOfDay < 0 ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
        let civil = Self.civilDate(daysSince1970: day)
        bytes.append(UInt8(ascii: "\""))
        writeDigits(UInt(civil.year), minimumCount: 4)
        bytes.append(UInt8(ascii: "-"))
        writeDigits(UInt(civil.month), minimumCount: 2)
        bytes.append(UInt8(ascii: "-"))
        writeDigits(UInt(civil.day), minimumCount: 2)
        bytes.append(UInt8(ascii: "T"))
        writeDigits(UInt(dayMilliseconds / 3_600_000), minimumCount: 2)
        bytes.append(UInt8(ascii: ":"))
        writeDigits(UInt(dayMilliseconds / 60_000 % 60), minimumCount: 2)
        bytes.append(UInt8(ascii: ":"))
        writeDigits(UInt(dayMilliseconds / 1000 % 60), minimumCount: 2)
        bytes.append(UInt8(ascii: "."))
        writeDigits(UInt(dayMilliseconds % 1000), minimumCount: 3)
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
