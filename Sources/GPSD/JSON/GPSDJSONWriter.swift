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
///
/// It writes into memory of its own through a pointer, a byte at a time with no check but one
/// for room per member: JSON for a 50 MB capture takes a fraction of a second.
public struct GPSDJSONWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes have been written since the last `removeAll()`.
    public private(set) var count = 0
    /// Whether the next member of the innermost object or array needs a comma before it.
    var needsComma = false
    /// How many objects are open.
    private var depth = 0

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
    public mutating func field(_ key: StaticString, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        writeKey(key, reserving: 20 + decimals)
        writeFixed(value, decimals: decimals)
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
        guard var text else { return }
        text.withUTF8 { utf8 in
            writeKey(key, reserving: utf8.count * 6 + 2)
            writeString(utf8)
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
        count += 1
    }

    /// `,"key":`, with room for `valueLength` more bytes after it.
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
        count += length
    }

    /// An integer, where room was reserved.
    @inline(__always)
    mutating func writeInteger(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        writeDigits(UInt64(value.magnitude), minimumCount: 1)
    }

    /// The decimal digits of `value`, zero-padded on the left to `minimumCount`, where room
    /// was reserved; two digits per division.
    mutating func writeDigits(_ value: UInt64, minimumCount: Int) {
        // Most numbers written are small: satellite numbers, angles, SNRs.
        if value < 10 && minimumCount <= 1 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 100 && minimumCount <= 2 {
            let pair = Int(value) &* 2
            put(Self.digitPairs.utf8Start[pair])
            put(Self.digitPairs.utf8Start[pair + 1])
            return
        }
        var length = 1
        var limit: UInt64 = 10
        while length < 20 && value >= limit {
            length += 1
            limit &*= 10
        }
        length = max(length, minimumCount)
        var rest = value
        var index = count + length
        // "00" to "99" in one constant: a StaticString needs no lazy initialization.
        let pairs = Self.digitPairs.utf8Start
        while index - count >= 2 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            index -= 2
            storage[index] = pairs[pair]
            storage[index + 1] = pairs[pair + 1]
        }
        if index > count { storage[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
        count += length
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
        81828384858687888990919293949596979899
        """

    /// `value` with exactly `decimals` digits after the point, rounded as `printf` rounds the
    /// exact binary value: to nearest, ties to even.
    mutating func writeFixed(_ value: Double, decimals: Int) {
        // Whole numbers (elevations, azimuths, SNRs) need no rounding at all.
        if value.magnitude < 1e15, Double(Int64(value)) == value {
            if value.sign == .minus { put(UInt8(ascii: "-")) }
            writeDigits(Int64(value).magnitude, minimumCount: 1)
            guard decimals > 0 else { return }
            put(UInt8(ascii: "."))
            for _ in 0..<decimals { put(UInt8(ascii: "0")) }
            return
        }
        let scale = Self.powerOfTen(decimals)
        let product = value.magnitude * scale
        guard product < 9.0e15 else {
            // Beyond what the fast path holds exactly; gpsd never writes such values.
            let text = String(format: "%.\(decimals)f", value)
            reserve(text.utf8.count)
            for byte in text.utf8 { put(byte) }
            return
        }
        // Truncation is the floor here: the product is not negative.
        var whole = Double(UInt64(product))
        // Below 2^52 the distance from one half is exact and a multiple of the product's ulp,
        // so when it is not 0 its sign decides, whatever the product's rounding error (at most
        // half an ulp). Only a product that is exactly a tie needs the error: product + error is
        // the exact value × 10^decimals, a fused multiply-add recovers it.
        let distanceFromHalf = (product - whole) - 0.5
        if distanceFromHalf > 0 {
            whole += 1
        } else if distanceFromHalf == 0 {
            let error = (-product).addingProduct(value.magnitude, scale)
            if error > 0 || (error == 0 && UInt64(whole) % 2 == 1) { whole += 1 }
        }
        if value.sign == .minus { put(UInt8(ascii: "-")) }
        // All the digits at once, at least one before the point, then the point slid in.
        writeDigits(UInt64(whole), minimumCount: decimals + 1)
        guard decimals > 0 else { return }
        var index = count
        while index > count - decimals {
            storage[index] = storage[index - 1]
            index -= 1
        }
        storage[index] = UInt8(ascii: ".")
        count += 1
    }

    /// 10^`exponent` for 0...15, exactly.
    private static func powerOfTen(_ exponent: Int) -> Double {
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// A JSON string, where room for the worst case (every byte escaped) was reserved.
    private mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) {
        put(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(byte)
            case 0..<0x20:
                append("\\u00")
                put(Self.hexDigits.utf8Start[Int(byte >> 4)])
                put(Self.hexDigits.utf8Start[Int(byte & 0xF)])
            default:
                put(byte)
            }
        }
        put(UInt8(ascii: "\""))
    }

    private static let hexDigits: StaticString = "0123456789abcdef"
}
