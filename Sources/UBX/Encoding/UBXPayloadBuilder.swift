/// Appends little-endian UBX fields to a payload being built.
public struct UBXPayloadBuilder: Sendable {
    /// The payload so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty payload.
    public init() {}

    /// Appends an unsigned byte (U1, X1).
    public mutating func u1(_ value: UInt8) { bytes.append(value) }

    /// Appends a little-endian 16-bit field (U2, X2).
    public mutating func u2(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }

    /// Appends a little-endian 32-bit field (U4, X4).
    public mutating func u4(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }

    /// Appends a little-endian signed 32-bit field (I4).
    public mutating func i4(_ value: Int32) { u4(UInt32(bitPattern: value)) }

    /// Appends a little-endian 64-bit field (U8, X8).
    public mutating func u8(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }

    /// Appends `count` zero bytes: reserved fields.
    public mutating func reserved(_ count: Int) { bytes += repeatElement(0, count: count) }
}
