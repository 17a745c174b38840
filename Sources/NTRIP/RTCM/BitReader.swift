/// Reads big-endian bit fields, as RTCM 3 packs them.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skip(_ count: Int) {
        position += count
    }

    /// The next `count` bits (at most 64) as an unsigned number; bits past the end read as 0.
    mutating func unsigned(_ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count {
            let byte = position / 8 < bytes.count ? bytes[position / 8] : 0
            value = value << 1 | UInt64(byte >> (7 - UInt8(position % 8)) & 1)
            position += 1
        }
        return value
    }

    /// The next `count` bits as a two's-complement number.
    mutating func signed(_ count: Int) -> Int64 {
        let value = unsigned(count)
        let sign: UInt64 = 1 << (count - 1)
        return value & sign == 0 ? Int64(value) : Int64(bitPattern: value | ~(sign << 1 &- 1))
    }
}
