/// NAV-HPPOSLLH (`0x01 0x14`): the geodetic position at 0.1 mm, for RTK receivers (ZED-F9P).
///
/// Version 0 (protocol 20 and later), 36 bytes. Each coordinate is the sum of a standard part
/// and a high-precision one: latitude and longitude 1e-7° plus 1e-9° (−99…+99), heights
/// millimetres plus 0.1 mm (−9…+9); accuracies are in 0.1 mm. Values here are degrees and metres.
/// When the receiver flags the position invalid (`invalidLlh`, protocol 27 and later) the
/// coordinates and heights are `nil`.
public struct NAVHPPOSLLH: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// Latitude, degrees (`lat` × 1e-7 + `latHp` × 1e-9); `nil` when `invalidLlh`.
    public var latitude: Double?
    /// Longitude, degrees (`lon` × 1e-7 + `lonHp` × 1e-9); `nil` when `invalidLlh`.
    public var longitude: Double?
    /// Height above the ellipsoid, metres (`height` mm + `heightHp` × 0.1 mm); `nil` when
    /// `invalidLlh`.
    public var heightAboveEllipsoid: Double?
    /// Height above mean sea level, metres (`hMSL` mm + `hMSLHp` × 0.1 mm); `nil` when
    /// `invalidLlh`.
    public var heightAboveMeanSeaLevel: Double?
    /// Horizontal accuracy estimate, metres (from 0.1 mm).
    public var horizontalAccuracy: Double
    /// Vertical accuracy estimate, metres (from 0.1 mm).
    public var verticalAccuracy: Double
    /// Whether the receiver flags latitude, longitude and heights as invalid (`invalidLlh`).
    public var invalidPosition: Bool

    /// Decodes a version 0 NAV-HPPOSLLH of 36 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 36 bytes,
    ///   ``UBXError/unsupportedVersion(_:version:)`` for a version other than 0.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(36)
        let version = message.u1(0)
        guard version == 0 else { throw .unsupportedVersion(message.id, version: version) }
        invalidPosition = message.u1(3) & 0x01 != 0
        iTOW = message.u4(4)
        horizontalAccuracy = Double(message.u4(28)) / 1e4
        verticalAccuracy = Double(message.u4(32)) / 1e4
        guard !invalidPosition else { return }
        longitude = (Double(message.i4(8)) * 100 + Double(message.i1(24))) / 1e9
        latitude = (Double(message.i4(12)) * 100 + Double(message.i1(25))) / 1e9
        heightAboveEllipsoid = (Double(message.i4(16)) * 10 + Double(message.i1(26))) / 1e4
        heightAboveMeanSeaLevel = (Double(message.i4(20)) * 10 + Double(message.i1(27))) / 1e4
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navHPPOSLLH }
}

extension NAVHPPOSLLH: UBXMessageDecodable {}
