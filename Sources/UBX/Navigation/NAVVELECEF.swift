import GNSS

/// NAV-VELECEF (`0x01 0x11`): the velocity in Earth-centred, Earth-fixed coordinates, with the
/// receiver's estimate of its accuracy.
///
/// Velocities and accuracy are metres per second, from the message's cm/s.
public struct NAVVELECEF: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// The velocity, in metres per second.
    public var velocity: ECEF
    /// Speed accuracy estimate, metres per second.
    public var speedAccuracy: Double

    /// Decodes a NAV-VELECEF message of 20 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 20 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(20)
        iTOW = message.u4(0)
        velocity = ECEF(x: Double(message.i4(4)) / 100, y: Double(message.i4(8)) / 100, z: Double(message.i4(12)) / 100)
        speedAccuracy = Double(message.u4(16)) / 100
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navVELECEF }
}

extension NAVVELECEF: UBXMessageDecodable {}
