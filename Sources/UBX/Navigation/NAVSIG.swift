/// NAV-SIG (`0x01 0x43`): the signals tracked, one 16-byte block per satellite and signal
/// (L1 C/A, L2 CL, E5b...), with their strength, quality, corrections and use in the solution
/// (protocol 27 and later: u-blox 9 and 10).
///
/// Version 0: an 8-byte header and `numSigs` blocks. A view over the message's borrowed
/// payload, valid only while the payload is (inside the framer's callback, say): decoding it
/// allocates nothing and copies nothing, and each ``Signal`` is decoded when read. Copy the
/// signals out (`Array(sig)`) to keep them. NAV-SIG has no elevation or azimuth: those are in
/// the same epoch's NAV-SAT.
///
/// Not a ``UBXMessageDecodable``: those are values to keep, and this borrows.
public struct NAVSIG: RandomAccessCollection {
    /// GPS time of week of the navigation epoch, milliseconds.
    public let iTOW: UInt32
    /// The number of signals (`numSigs`), each a block the payload is checked to hold.
    public let count: Int
    @usableFromInline let message: UBXMessage

    /// Reads the header of a version 0 NAV-SIG and checks that the payload holds every block
    /// its count announces.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 8 bytes or fewer than
    ///   `8 + 16 × numSigs`, ``UBXError/unsupportedVersion(_:version:)`` for a version other
    ///   than 0.
    @inlinable
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(8)
        let version = message.u1(4)
        guard version == 0 else { throw .unsupportedVersion(message.id, version: version) }
        count = Int(message.u1(5))
        try message.require(8 + 16 * count)
        iTOW = message.u4(0)
        self.message = message
    }

    /// The message this decodes.
    @inlinable public static var messageID: UBXMessageID { .navSIG }

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// ``count``.
    @inlinable public var endIndex: Int { count }

    /// The signal of block `position`, decoded now.
    ///
    /// - Precondition: `position` is in `0..<count`.
    @inlinable
    public subscript(position: Int) -> Signal {
        precondition(position >= 0 && position < count, "NAV-SIG block past numSigs")
        return Signal(message, at: 8 + 16 * position)
    }
}
