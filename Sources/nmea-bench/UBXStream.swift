import GNSS

/// A deterministic stream of what a u-blox 8 or 9 sends each second in UBX alone: NAV-PVT
/// (92-byte payload) and NAV-SAT (version 1, 20 to 30 satellites of GPS, Galileo, BeiDou and
/// GLONASS), checksums valid, for `nmea-bench --ubx`. The values are a plausible drive near
/// Seattle, so every decoder's arithmetic runs on realistic numbers.
struct UBXStream {
    private var random = SplitMix64(seed: 11)
    private var iTOW: UInt32 = 345_600_000
    private var latitude = 476_062_000, longitude = -1_223_321_000  // 1e-7°

    /// Appends seconds to `log` until it holds at least `bytes` bytes.
    mutating func write(into log: inout [UInt8], bytes: Int) {
        while log.count < bytes {
            log += frame(0x01, 0x07, pvt())
            log += frame(0x01, 0x35, sat())
            iTOW &+= 1000
            latitude += Int(random.next() % 200) - 100
            longitude += Int(random.next() % 200) - 100
        }
    }

    private mutating func pvt() -> [UInt8] {
        var payload = [UInt8](repeating: 0, count: 92)
        put(&payload, Int(iTOW), at: 0, size: 4)
        put(&payload, 2026, at: 4, size: 2)
        let second = Int(iTOW / 1000)
        payload[6...11] = [12, 5, UInt8(second / 3600 % 24), UInt8(second / 60 % 60), UInt8(second % 60), 0x07]
        put(&payload, 25, at: 12, size: 4)
        put(&payload, Int(random.next() % 1000) - 500, at: 16, size: 4)
        payload[20] = 3
        payload[21] = 0x01
        payload[23] = UInt8(12 + random.next() % 16)
        put(&payload, longitude, at: 24, size: 4)
        put(&payload, latitude, at: 28, size: 4)
        put(&payload, 56_000 + Int(random.next() % 2000), at: 32, size: 4)
        put(&payload, 73_400 + Int(random.next() % 2000), at: 36, size: 4)
        for offset in stride(from: 40, through: 72, by: 4) { put(&payload, Int(random.next() % 30_000), at: offset, size: 4) }
        put(&payload, 90 + Int(random.next() % 100), at: 76, size: 2)
        put(&payload, 1_550, at: 88, size: 2)
        return payload
    }

    private mutating func sat() -> [UInt8] {
        let count = 20 + Int(random.next() % 11)
        var payload = [UInt8](repeating: 0, count: 8 + 12 * count)
        put(&payload, Int(iTOW), at: 0, size: 4)
        payload[4] = 1
        payload[5] = UInt8(count)
        for index in 0..<count {
            let offset = 8 + 12 * index
            let system: UInt8 = [0, 2, 3, 6][index % 4]
            payload[offset] = system
            payload[offset + 1] = UInt8(1 + index / 4 * 3 + Int(random.next() % 3))
            payload[offset + 2] = UInt8(random.next() % 50)
            put(&payload, Int(random.next() % 181) - 90, at: offset + 3, size: 1)
            put(&payload, Int(random.next() % 360), at: offset + 4, size: 2)
            put(&payload, Int(random.next() % 400) - 200, at: offset + 6, size: 2)
            put(&payload, Int(random.next() & 0x00FF_7FFF), at: offset + 8, size: 4)
        }
        return payload
    }

    private func put(_ payload: inout [UInt8], _ value: Int, at offset: Int, size: Int) {
        for index in 0..<size { payload[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    private func frame(_ messageClass: UInt8, _ id: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let body = [messageClass, id, UInt8(payload.count & 0xFF), UInt8(payload.count >> 8)] + payload
        let checksum = UBXChecksum(body)
        return [0xB5, 0x62] + body + [checksum.a, checksum.b]
    }
}
