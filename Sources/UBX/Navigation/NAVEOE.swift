/// NAV-EOE (`0x01 0x61`): the end of a navigation epoch. The receiver sends it after the last
/// NAV message of each epoch (protocol 18 and later), so a reader can close the epoch at once
/// instead of waiting for the next one's first message.
public struct NAVEOE: Hashable, Sendable {
    /// GPS time of week of the epoch that ends, milliseconds: the `iTOW` of its other messages.
    public var iTOW: UInt32

    /// Decodes a NAV-EOE of 4 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 4 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(4)
        iTOW = message.u4(0)
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navEOE }
}

extension NAVEOE: UBXMessageDecodable {}
