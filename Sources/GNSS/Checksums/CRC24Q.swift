/// CRC-24Q (polynomial 0x1864CFB, initial value 0, no reflection), the checksum that ends every
/// RTCM 3 frame, computed over its preamble, length and payload.
public enum CRC24Q {
    /// The CRC of `count` bytes from `start`, in its low 24 bits.
    public static func of(_ start: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            let table = table.baseAddress.unsafelyUnwrapped
            var crc: UInt32 = 0
            for index in 0..<count {
                // The index is a byte: always within the table's 256 entries.
                crc = (crc &<< 8 & 0xFF_FFFF) ^ table[Int(UInt8(truncatingIfNeeded: crc &>> 16) ^ start[index])]
            }
            return crc
        }
    }

    /// The CRC of `bytes`, in its low 24 bits.
    public static func of(_ bytes: some Collection<UInt8>) -> UInt32 {
        let crc = bytes.withContiguousStorageIfAvailable { buffer in
            buffer.baseAddress.map { of($0, count: buffer.count) } ?? 0
        }
        return crc ?? Array(bytes).withUnsafeBufferPointer { buffer in buffer.baseAddress.map { of($0, count: buffer.count) } ?? 0 }
    }

    /// CRC-24Q of each byte value.
    private static let table: [UInt32] = (0..<256).map { (value: UInt32) in
        var crc = value << 16
        for _ in 0..<8 {
            crc <<= 1
            if crc & 0x100_0000 != 0 { crc ^= 0x186_4CFB }
        }
        return crc & 0xFF_FFFF
    }
}
