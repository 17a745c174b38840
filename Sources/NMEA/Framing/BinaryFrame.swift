/// A binary frame a receiver sent between its NMEA sentences, checksum verified: a u-blox UBX
/// message or an RTCM 3 message. A borrowed view of the framer's input, valid only during the
/// callback that receives it; copy `bytes` to keep it.
public struct BinaryFrame {
    /// The protocols a binary frame can be in.
    public enum FrameProtocol: Hashable, Sendable {
        /// u-blox UBX: `B5 62`, class, id, a little-endian 16-bit length, the payload, and an
        /// 8-bit Fletcher checksum over class through payload.
        case ubx
        /// RTCM 3 (RTCM 10403): `D3`, 6 reserved zero bits, a 10-bit length, the payload, and
        /// a CRC-24Q over everything before it.
        case rtcm3
    }

    /// The frame's protocol.
    public let frameProtocol: FrameProtocol
    /// The whole frame: preamble, header, payload and checksum.
    public let bytes: UnsafeRawBufferPointer

    /// The payload: after UBX's 6-byte or RTCM 3's 3-byte header, before the checksum.
    public var payload: UnsafeRawBufferPointer {
        switch frameProtocol {
        case .ubx: UnsafeRawBufferPointer(rebasing: bytes[6..<bytes.count - 2])
        case .rtcm3: UnsafeRawBufferPointer(rebasing: bytes[3..<bytes.count - 3])
        }
    }

    /// A UBX frame's message class (`0x01` NAV, `0x05` ACK, `0x06` CFG…); `nil` for RTCM 3.
    public var ubxClass: UInt8? { frameProtocol == .ubx ? bytes[2] : nil }

    /// A UBX frame's message id within its class (`0x07` with NAV is NAV-PVT); `nil` for RTCM 3.
    public var ubxID: UInt8? { frameProtocol == .ubx ? bytes[3] : nil }

    /// An RTCM 3 frame's message number (its payload's first 12 bits: 1005, 1077…); `nil` for
    /// UBX or an empty RTCM 3 payload.
    public var rtcm3MessageNumber: Int? {
        guard frameProtocol == .rtcm3, bytes.count >= 8 else { return nil }
        return Int(bytes[3]) << 4 | Int(bytes[4]) >> 4
    }
}
