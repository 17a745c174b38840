/// MQTT 3.1.1's Remaining Length (§2.2.3): a packet's length after its fixed header, as a
/// variable-length integer of one to four bytes, seven bits each, least significant first,
/// the high bit set on every byte but the last. 0 to 268,435,455 bytes.
public enum RemainingLength {
    /// The largest length four bytes hold: 268,435,455 (256 MiB − 1).
    public static let maximum = 268_435_455

    /// The encoding of `length`, one to four bytes.
    ///
    /// - Precondition: `0 <= length <= maximum`.
    public static func encode(_ length: Int) -> [UInt8] {
        precondition((0...maximum).contains(length), "MQTT remaining length \(length) is out of range")
        var bytes: [UInt8] = []
        var rest = length
        repeat {
            var byte = UInt8(rest % 128)
            rest /= 128
            if rest > 0 { byte |= 0x80 }
            bytes.append(byte)
        } while rest > 0
        return bytes
    }

    /// What decoding the bytes at the start of a buffer gave.
    public enum Decoded: Equatable, Sendable {
        /// The length, and how many bytes encoded it.
        case length(Int, byteCount: Int)
        /// The buffer ends before the last byte of the length.
        case incomplete
        /// A fifth byte would be needed: no MQTT packet is that long (a broken stream).
        case malformed
    }

    /// Decodes the length at the start of `bytes`.
    public static func decode(_ bytes: some Collection<UInt8>) -> Decoded {
        var value = 0
        var multiplier = 1
        var count = 0
        for byte in bytes {
            count += 1
            value += Int(byte & 0x7F) * multiplier
            if byte & 0x80 == 0 { return .length(value, byteCount: count) }
            guard count < 4 else { return .malformed }
            multiplier *= 128
        }
        return .incomplete
    }
}
