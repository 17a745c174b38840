/// NAV-SAT (`0x01 0x35`): the satellites in view, one 12-byte block each, with their signal
/// strength, position in the sky and use in the solution (protocol 15 and later; NAV-SVINFO
/// before).
///
/// Version 1: an 8-byte header and `numSvs` blocks. A view over the message's borrowed
/// payload, valid only while the payload is (inside the framer's callback, say): decoding it
/// allocates nothing and copies nothing, and each ``Satellite`` is decoded when read. Copy the
/// satellites out (`Array(sat)`) to keep them.
///
/// ```swift
/// let sat = try NAVSAT(message)
/// for satellite in sat where satellite.isUsed {
///     print(satellite.satellite.gpsdPRN, satellite.carrierToNoise, satellite.elevation as Any)
/// }
/// ```
///
/// Not a ``UBXMessageDecodable``: those are values to keep, and this borrows.
public struct NAVSAT: RandomAccessCollection {
    /// GPS time of week of the navigation epoch, milliseconds.
    public let iTOW: UInt32
    /// The number of satellites (`numSvs`), each a block the payload is checked to hold.
    public let count: Int
    @usableFromInline let message: UBXMessage

    /// Reads the header of a version 1 NAV-SAT and checks that the payload holds every block
    /// its count announces.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 8 bytes or fewer than
    ///   `8 + 12 × numSvs`, ``UBXError/unsupportedVersion(_:version:)`` for a version other
    ///   than 1.
    @inlinable
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(8)
        let version = message.u1(4)
        guard version == 1 else { throw .unsupportedVersion(message.id, version: version) }
        count = Int(message.u1(5))
        try message.require(8 + 12 * count)
        iTOW = message.u4(0)
        self.message = message
    }

    /// The message this decodes.
    @inlinable public static var messageID: UBXMessageID { .navSAT }

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// ``count``.
    @inlinable public var endIndex: Int { count }

    /// The satellite of block `position`, decoded now.
    ///
    /// - Precondition: `position` is in `0..<count`.
    @inlinable
    public subscript(position: Int) -> Satellite {
        precondition(position >= 0 && position < count, "NAV-SAT block past numSvs")
        return Satellite(message, at: 8 + 12 * position)
    }
}
