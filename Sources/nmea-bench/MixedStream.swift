import GNSS

/// A deterministic receiver stream of the three protocols a u-blox receiver interleaves on one
/// port: each second the drive's NMEA (`SyntheticDrive`), then UBX NAV-PVT (92-byte payload) and
/// NAV-SAT (8 + 12 bytes a satellite), then RTCM 3 messages 1005 (19 bytes) and 1077 (an MSM7
/// of 250 to 450 bytes), checksums valid. The binary payloads are pseudo-random: `$`, line ends
/// and preambles occur inside them as they do on a real line.
struct MixedStream {
    private var drive = SyntheticDrive()
    private var random = SplitMix64(seed: 7)

    /// Appends seconds to `log` until it holds at least `bytes` bytes.
    mutating func write(into log: inout [UInt8], bytes: Int) {
        while log.count < bytes {
            drive.write(into: &log, bytes: log.count + 1, positionOnly: false)
            log += ubx(0x01, 0x07, payload(92))
            log += ubx(0x01, 0x35, payload(8 + 12 * (16 + Int(random.next() % 16))))
            log += rtcm3(message: 1005, length: 19)
            log += rtcm3(message: 1077, length: 250 + Int(random.next() % 200))
        }
    }

    private mutating func payload(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    private func ubx(_ messageClass: UInt8, _ id: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let body = [messageClass, id, UInt8(payload.count & 0xFF), UInt8(payload.count >> 8)] + payload
        let checksum = UBXChecksum(body)
        return [0xB5, 0x62] + body + [checksum.a, checksum.b]
    }

    private mutating func rtcm3(message: Int, length: Int) -> [UInt8] {
        let payload = [UInt8(message >> 4), UInt8(message & 0xF) << 4] + self.payload(length - 2)
        let frame = [0xD3, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        let crc = CRC24Q.of(frame)
        return frame + [UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
