import FoundationEssentials

extension GPSDJSONWriter {
    /// `"key":"2025-06-01T10:00:05.000Z"`: ISO 8601 UTC to the millisecond, as gpsd writes
    /// times; nothing when `date` is `nil`.
    public mutating func field(_ key: StaticString, _ date: Date?) {
        guard let date else { return }
        writeKey(key, reserving: 32)
        writeTimestamp(date)
    }

    /// `"yyyy-mm-ddThh:mm:ss.sssZ"` (`GPSDTimestamp`), where room was reserved. The text of
    /// the last time is kept: a TPV and its SKY have the same.
    private mutating func writeTimestamp(_ date: Date) {
        let timestamp = GPSDTimestamp(date)
        let milliseconds = timestamp.millisecondsSince1970
        put(UInt8(ascii: "\""))
        let text = UnsafeMutableRawPointer(storage + count)
        if let last = lastTime, last.milliseconds == milliseconds {
            text.storeBytes(of: last.text.0, as: UInt64.self)
            text.storeBytes(of: last.text.1, toByteOffset: 8, as: UInt64.self)
            text.storeBytes(of: last.text.2, toByteOffset: 16, as: UInt64.self)
            count &+= 24
        } else {
            let length = timestamp.write(at: storage + count)
            count &+= length
            // Years past 9999 take more room; they are not kept.
            lastTime = length != 24 ? nil : (milliseconds, (text.loadUnaligned(as: UInt64.self), text.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                                       text.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
        }
        put(UInt8(ascii: "\""))
    }
}
