/// NAV-POSLLH (`0x01 0x02`): the geodetic position, from u-blox 5 onwards (NAV-PVT carries
/// the same from protocol 14).
///
/// 28 bytes: latitude and longitude in 1e-7°, heights and accuracies in millimetres; here
/// degrees and metres. The message says nothing of the fix's validity: pair it with NAV-SOL's
/// or NAV-STATUS's `gpsFixOK` of the same `iTOW`.
public struct NAVPOSLLH: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// Longitude, degrees (from 1e-7°).
    public var longitude: Double
    /// Latitude, degrees (from 1e-7°).
    public var latitude: Double
    /// Height above the ellipsoid, metres (from mm).
    public var heightAboveEllipsoid: Double
    /// Height above mean sea level, metres (from mm).
    public var heightAboveMeanSeaLevel: Double
    /// Horizontal accuracy estimate, metres (from mm).
    public var horizontalAccuracy: Double
    /// Vertical accuracy estimate, metres (from mm).
    public var verticalAccuracy: Double

    /// Decodes a NAV-POSLLH of 28 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 28 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(28)
        iTOW = message.u4(0)
        longitude = Double(message.i4(4)) / 1e7
        latitude = Double(message.i4(8)) / 1e7
        heightAboveEllipsoid = Double(message.i4(12)) / 1e3
        heightAboveMeanSeaLevel = Double(message.i4(16)) / 1e3
        horizontalAccuracy = Double(message.u4(20)) / 1e3
        verticalAccuracy = Double(message.u4(24)) / 1e3
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navPOSLLH }
}

extension NAVPOSLLH: UBXMessageDecodable {}
