import GNSS

/// Builds the bytes of UBX frames to write to a receiver: `B5 62`, class, id, the payload's
/// little-endian length, the payload, and the Fletcher checksum over class through payload.
public enum UBXFrame {
    /// The whole frame of message `id` with `payload`.
    ///
    /// - Precondition: The payload is at most 65,535 bytes.
    public static func encode(_ id: UBXMessageID, payload: [UInt8] = []) -> [UInt8] {
        precondition(payload.count <= 0xFFFF, "a UBX payload is at most 65535 bytes")
        var frame: [UInt8] = [0xB5, 0x62, id.messageClass, id.id, UInt8(payload.count & 0xFF), UInt8(payload.count >> 8)]
        frame.reserveCapacity(payload.count + 8)
        frame += payload
        let checksum = UBXChecksum(frame[2...])
        frame += [checksum.a, checksum.b]
        return frame
    }

    /// A poll: message `id` with an empty payload, which asks the receiver to send it.
    public static func poll(_ id: UBXMessageID) -> [UInt8] { encode(id) }
}
