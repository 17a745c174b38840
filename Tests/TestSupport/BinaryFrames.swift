/// UBX and RTCM 3 frames built for tests, their checksums computed here, bit by bit, apart from
/// the framer's own table-driven code.
package enum BinaryFrames {
    /// `B5 62`, class, id, little-endian length, payload, Fletcher checksum.
    package static func ubx(_ messageClass: UInt8, _ id: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let body = [messageClass, id, UInt8(payload.count & 0xFF), UInt8(payload.count >> 8)] + payload
        var a: UInt8 = 0
        var b: UInt8 = 0
        for byte in body {
            a &+= byte
            b &+= a
        }
        return [0xB5, 0x62] + body + [a, b]
    }

    /// `D3`, 6 zero bits and a 10-bit length, payload, CRC-24Q.
    package static func rtcm3(_ payload: [UInt8]) -> [UInt8] {
        let frame = [0xD3, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
        var crc: UInt32 = 0
        for byte in frame {
            crc ^= UInt32(byte) << 16
            for _ in 0..<8 {
                crc <<= 1
                if crc & 0x100_0000 != 0 { crc ^= 0x186_4CFB }
            }
        }
        return frame + [UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// An RTCM 3 payload of `length` bytes whose first 12 bits are `messageNumber`.
    package static func rtcm3Payload(_ messageNumber: Int, length: Int) -> [UInt8] {
        [UInt8(messageNumber >> 4), UInt8(messageNumber & 0xF) << 4] + (0..<length - 2).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    }
}
