import GNSS

/// NAV-POSECEF (`0x01 0x01`): the position in Earth-centred, Earth-fixed coordinates, with the
/// receiver's estimate of its 3D accuracy.
///
/// Coordinates and accuracy are metres, from the message's centimetres.
public struct NAVPOSECEF: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// The position, in metres.
    public var position: ECEF
    /// Position accuracy estimate (3D), metres.
    public var positionAccuracy: Double

    /// Decodes a NAV-POSECEF message of 20 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 20 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(20)
        iTOW = message.u4(0)
        position = ECEF(x: Double(message.i4(4)) / 100, y: Double(message.i4(8)) / 100, z: Double(message.i4(12)) / 100)
        positionAccuracy = Double(message.u4(16)) / 100
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navPOSECEF }
}

extension NAVPOSECEF: UBXMessageDecodable {}
