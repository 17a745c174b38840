/// NAV-SVINFO (`0x01 0x30`): the satellites in view of the older generation, one 12-byte
/// block per channel (u-blox 4 to 8; NAV-SAT replaces it from protocol 15, and u-blox 9 no
/// longer sends it).
///
/// An 8-byte header and `numCh` blocks. A view over the message's borrowed payload, valid
/// only while the payload is (inside the framer's callback, say): decoding it allocates
/// nothing and copies nothing, and each ``Channel`` is decoded when read. Copy the channels out
/// (`Array(svinfo)`) to keep them.
///
/// Not a ``UBXMessageDecodable``: those are values to keep, and this borrows.
public struct NAVSVINFO: RandomAccessCollection {
    /// GPS time of week of the navigation epoch, milliseconds.
    public let iTOW: UInt32
    /// The number of channels (`numCh`), each a block the payload is checked to hold.
    public let count: Int
    /// The receiver's generation (`globalFlags`' `chipGen`): 0 Antaris 4, 1 u-blox 5,
    /// 2 u-blox 6, 3 u-blox 7, 4 u-blox 8 and M8.
    public let chipGeneration: Int
    @usableFromInline let message: UBXMessage

    /// Reads the header of a NAV-SVINFO and checks that the payload holds every block its
    /// count announces.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 8 bytes or fewer than
    ///   `8 + 12 × numCh`.
    @inlinable
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(8)
        count = Int(message.u1(4))
        try message.require(8 + 12 * count)
        iTOW = message.u4(0)
        chipGeneration = Int(message.u1(5) & 0x07)
        self.message = message
    }

    /// The message this decodes.
    @inlinable public static var messageID: UBXMessageID { .navSVINFO }

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// ``count``.
    @inlinable public var endIndex: Int { count }

    /// The channel of block `position`, decoded now.
    ///
    /// - Precondition: `position` is in `0..<count`.
    @inlinable
    public subscript(position: Int) -> Channel {
        precondition(position >= 0 && position < count, "NAV-SVINFO block past numCh")
        return Channel(message, at: 8 + 12 * position)
    }
}
