import GNSS

/// One UBX message: its class and id and a borrowed view of its payload, valid only while the
/// bytes it was made from are. Copy what a decoder reads out of it to keep it.
///
/// Reads are little-endian, as every UBX field is, and bounds-checked against the payload: a
/// decoder checks the length its message needs (`UBXError.payloadLength`) and then reads
/// within it.
public struct UBXMessage {
    /// The message's class and id.
    public let id: UBXMessageID
    /// The payload: after the 6-byte header, before the 2-byte checksum.
    public let payload: UnsafeRawBufferPointer

    /// A message of `id` whose payload is `payload`.
    @inlinable
    public init(id: UBXMessageID, payload: UnsafeRawBufferPointer) {
        self.id = id
        self.payload = payload
    }

    /// The message a whole UBX frame holds (`B5 62`, class, id, length, payload, checksum), or
    /// `nil` when `frame` is not one: a wrong preamble, a length field that disagrees with the
    /// frame's size, or a checksum that does not hold.
    public init?(frame: UnsafeRawBufferPointer) {
        guard frame.count >= 8, frame[0] == 0xB5, frame[1] == 0x62 else { return nil }
        let length = Int(frame[4]) | Int(frame[5]) << 8
        guard length == frame.count - 8 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: frame[2..<frame.count - 2])
        let checksum = UBXChecksum(body)
        guard checksum.a == frame[frame.count - 2], checksum.b == frame[frame.count - 1] else { return nil }
        self.init(id: UBXMessageID(frame[2], frame[3]), payload: UnsafeRawBufferPointer(rebasing: frame[6..<frame.count - 2]))
    }

    /// The payload's size in bytes.
    @inlinable
    public var count: Int { payload.count }

    /// Throws unless the payload is at least `minimum` bytes long.
    ///
    /// - Throws: `UBXError.payloadLength` naming the message, the size needed and the size sent.
    @inlinable
    public func require(_ minimum: Int) throws(UBXError) {
        guard payload.count >= minimum else { throw .payloadLength(id, expected: minimum, actual: payload.count) }
    }

    /// The unsigned byte (U1, X1) at `offset`.
    @inlinable
    public func u1(_ offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < payload.count, "UBX field past the payload")
        return payload.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The signed byte (I1) at `offset`.
    @inlinable
    public func i1(_ offset: Int) -> Int8 { Int8(bitPattern: u1(offset)) }

    /// The little-endian unsigned 16-bit field (U2, X2) at `offset`.
    @inlinable
    public func u2(_ offset: Int) -> UInt16 {
        precondition(offset >= 0 && offset + 2 <= payload.count, "UBX field past the payload")
        return UInt16(littleEndian: payload.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The little-endian signed 16-bit field (I2) at `offset`.
    @inlinable
    public func i2(_ offset: Int) -> Int16 { Int16(bitPattern: u2(offset)) }

    /// The little-endian unsigned 32-bit field (U4, X4) at `offset`.
    @inlinable
    public func u4(_ offset: Int) -> UInt32 {
        precondition(offset >= 0 && offset + 4 <= payload.count, "UBX field past the payload")
        return UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The little-endian signed 32-bit field (I4) at `offset`.
    @inlinable
    public func i4(_ offset: Int) -> Int32 { Int32(bitPattern: u4(offset)) }

    /// The little-endian IEEE 754 double (R8) at `offset`.
    @inlinable
    public func r8(_ offset: Int) -> Double {
        precondition(offset >= 0 && offset + 8 <= payload.count, "UBX field past the payload")
        return Double(bitPattern: UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    /// The text of the `count` bytes at `offset`, up to the first NUL: MON-VER's fixed-size
    /// strings, INF's text. Bytes that are not UTF-8 become U+FFFD.
    public func text(_ offset: Int, count: Int) -> String {
        precondition(offset >= 0 && count >= 0 && offset + count <= payload.count, "UBX field past the payload")
        let field = payload[offset..<offset + count]
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[..<end], as: UTF8.self)
    }
}
