import FoundationEssentials

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
///
/// It writes into memory of its own through a pointer, a byte at a time with no check but one
/// for room per member, and keeps the last string and time it wrote, since every report of a
/// stream names the same device and a TPV and its SKY the same time: JSON for a 50 MB capture
/// takes a fraction of a second.
public struct GPSDJSONWriter: ~Copyable {
    /// Where bytes are written; room for `capacity`.
    var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes have been written since the last `removeAll()`.
    public internal(set) var count = 0
    /// Whether the next member of the innermost object or array needs a comma before it.
    var needsComma = false
    /// How many objects are open.
    private var depth = 0
    /// The string `field(_:_:)` wrote last, and its JSON form, quotes included.
    private var lastString = ""
    private var lastStringJSON: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\"")]
    /// The time written last, in milliseconds since 1970, and its 24 characters.
    var lastTime: (milliseconds: Int, text: (UInt64, UInt64, UInt64))?

    /// Creates an empty writer that can hold `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 256)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Every line written since the last `removeAll()`, copied out.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    /// Calls `body` with the bytes written, without copying them; valid only during the call.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Forgets what was written, keeping the storage for the next objects.
    public mutating func removeAll() {
        count = 0
        needsComma = false
        depth = 0
    }

    // MARK: Objects and arrays

    /// Starts an object: a line of its own at the top level, else an element of the array
    /// begun last. With a `name`, its first member is `"class":name`.
    public mutating func beginObject(class name: StaticString? = nil) {
        reserve(2)
        if depth > 0 && needsComma { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "{"))
        depth += 1
        needsComma = false
        if let name { field("class", name) }
    }

    /// Ends the object begun last, and its line when it is a top-level one.
    public mutating func endObject() {
        reserve(3)
        put(UInt8(ascii: "}"))
        depth -= 1
        needsComma = depth > 0
        if depth == 0 {
            put(0x0D)
            put(0x0A)
        }
    }

    /// Starts an array member: `"key":[`.
    public mutating func beginArray(_ key: StaticString) {
        writeKey(key, reserving: 1)
        put(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the array begun last.
    public mutating func endArray() {
        reserve(1)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: Members

    /// `"key":value` for an integer.
    @inline(__always)
    public mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key, reserving: 21)
        writeInteger(value)
    }

    /// `"key":true` or `"key":false`.
    public mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key, reserving: 5)
        append(value ? "true" : "false")
    }

    /// `"key":value` with `decimals` digits after the point (`printf("%.*f")`, at most 15
    /// decimals); nothing at all when `value` is `nil`, infinite or NaN, since JSON has no such numbers.
    @inline(__always)
    public mutating func field(_ key: StaticString, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        writeKey(key, reserving: 20 + decimals)
        if decimals == 2 {
            writeHundredths(value)
        } else {
            writeFixed(value, decimals: decimals)
        }
    }

    /// `"key":"text"` for a constant string, which needs no escaping.
    public mutating func field(_ key: StaticString, _ text: StaticString) {
        writeKey(key, reserving: text.utf8CodeUnitCount + 2)
        put(UInt8(ascii: "\""))
        append(text)
        put(UInt8(ascii: "\""))
    }

    /// `"key":"text"`, escaped as JSON requires; nothing when `text` is `nil`.
    public mutating func field(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        if text != lastString {
            lastStringJSON = Self.json(text)
            lastString = text
        }
        lastStringJSON.withUnsafeBufferPointer { json in
            writeKey(key, reserving: json.count)
            UnsafeMutableRawPointer(storage + count).copyMemory(from: json.baseAddress!, byteCount: json.count)
            count += json.count
        }
    }

    // MARK: Writing

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let larger = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = larger
    }

    /// Writes one byte where room was reserved.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        storage[count] = byte
        count &+= 1
    }

    /// `,"key":`, with room for `valueLength` more bytes after it.
    ///
    /// Inlined, so that the key's length is a constant and its copy a few moves.
    @inline(__always)
    mutating func writeKey(_ key: StaticString, reserving valueLength: Int) {
        reserve(key.utf8CodeUnitCount + 4 + valueLength)
        if needsComma { put(UInt8(ascii: ",")) }
        needsComma = true
        put(UInt8(ascii: "\""))
        append(key)
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
    }

    /// Copies a constant string where room was reserved.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        let start = text.utf8Start
        let length = text.utf8CodeUnitCount
        if length <= 4 {
            // A comma, a brace, ".0": a plain loop beats a call to memcpy.
            for index in 0..<length { storage[count + index] = start[index] }
        } else {
            UnsafeMutableRawPointer(storage + count).copyMemory(from: start, byteCount: length)
        }
        count &+= length
    }

    /// `text` as a JSON string, quotes included, escaped as JSON requires.
    private static func json(_ text: String) -> [UInt8] {
        var json = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                json += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                json += Array("\\u00".utf8) + [hexDigits.utf8Start[Int(byte >> 4)], hexDigits.utf8Start[Int(byte & 0xF)]]
            default:
                json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
        return json
    }

    private static let hexDigits: StaticString = "0123456789abcdef"
}
