/// NAV-EELL (`0x01 0x3D`): the position error ellipse of the navigation solution, as u-blox
/// 8 and later dead-reckoning and high-precision receivers send it.
///
/// 16 bytes, version 0: the orientation of the ellipse's semi-major axis in 0.01° clockwise
/// from true north, and its semi-major and semi-minor axes in millimetres.
public struct NAVEELL: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// Orientation of the semi-major axis, degrees clockwise from true north (0.01° steps).
    public var orientation: Double
    /// Semi-major axis, metres (millimetre steps).
    public var semiMajorAxis: Double
    /// Semi-minor axis, metres (millimetre steps).
    public var semiMinorAxis: Double

    /// Decodes a NAV-EELL of 16 bytes or more, version 0.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 16 bytes,
    ///   ``UBXError/unsupportedVersion(_:version:)`` for a version other than 0.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(16)
        let version = message.u1(4)
        guard version == 0 else { throw .unsupportedVersion(message.id, version: version) }
        iTOW = message.u4(0)
        orientation = Double(message.u2(6)) / 100
        semiMajorAxis = Double(message.u4(8)) / 1000
        semiMinorAxis = Double(message.u4(12)) / 1000
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navEELL }
}

extension NAVEELL: UBXMessageDecodable {}
