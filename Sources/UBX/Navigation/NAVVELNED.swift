/// NAV-VELNED (`0x01 0x12`): velocity in the local north, east, down frame, from u-blox 5
/// onwards (NAV-PVT carries the same in mm/s from protocol 14).
///
/// 36 bytes: velocities and speeds in cm/s, heading and its accuracy in 1e-5°; here metres per
/// second and degrees.
public struct NAVVELNED: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// Velocity north, east and down, metres per second (from cm/s).
    public var velocityNorth: Double, velocityEast: Double, velocityDown: Double
    /// Speed (3D), metres per second (from cm/s).
    public var speed: Double
    /// Ground speed (2D), metres per second (from cm/s).
    public var groundSpeed: Double
    /// Heading of motion (2D), degrees (from 1e-5°).
    public var heading: Double
    /// Speed accuracy estimate, metres per second (from cm/s).
    public var speedAccuracy: Double
    /// Heading accuracy estimate, degrees (from 1e-5°).
    public var headingAccuracy: Double

    /// Decodes a NAV-VELNED of 36 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 36 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(36)
        iTOW = message.u4(0)
        velocityNorth = Double(message.i4(4)) / 100
        velocityEast = Double(message.i4(8)) / 100
        velocityDown = Double(message.i4(12)) / 100
        speed = Double(message.u4(16)) / 100
        groundSpeed = Double(message.u4(20)) / 100
        heading = Double(message.i4(24)) / 1e5
        speedAccuracy = Double(message.u4(28)) / 100
        headingAccuracy = Double(message.u4(32)) / 1e5
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navVELNED }
}

extension NAVVELNED: UBXMessageDecodable {}
