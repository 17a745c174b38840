import GNSS

/// NAV-HPPOSECEF (`0x01 0x13`): the high-precision position in Earth-centred, Earth-fixed
/// coordinates (u-blox 8 high-precision firmware and 9 onwards), with the receiver's estimate
/// of its 3D accuracy.
///
/// 28 bytes, version 0. Each coordinate is centimetres plus a signed part in 0.1 mm; the
/// accuracy is 0.1 mm. Both are metres here, to 0.1 mm.
public struct NAVHPPOSECEF: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// The position, metres (to 0.1 mm); `nil` where the receiver marks it invalid (`invalidEcef`).
    public var position: ECEF?
    /// Position accuracy estimate (3D), metres (to 0.1 mm).
    public var positionAccuracy: Double

    /// Decodes a NAV-HPPOSECEF of 28 bytes or more, version 0.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 28 bytes,
    ///   ``UBXError/unsupportedVersion(_:version:)`` for a version other than 0.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(28)
        let version = message.u1(0)
        guard version == 0 else { throw .unsupportedVersion(message.id, version: version) }
        iTOW = message.u4(4)
        // Centimetres and 0.1 mm as one count of 0.1 mm, divided once: the decimal's nearest double.
        func coordinate(_ offset: Int, _ highPrecision: Int) -> Double {
            (Double(message.i4(offset)) * 100 + Double(message.i1(highPrecision))) / 10_000
        }
        let invalid = message.u1(23) & 0x01 != 0
        position = invalid ? nil : ECEF(x: coordinate(8, 20), y: coordinate(12, 21), z: coordinate(16, 22))
        positionAccuracy = Double(message.u4(24)) / 10_000
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navHPPOSECEF }
}

extension NAVHPPOSECEF: UBXMessageDecodable {}
