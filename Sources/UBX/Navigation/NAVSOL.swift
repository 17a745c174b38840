import GNSS

/// NAV-SOL (`0x01 0x06`): the navigation solution of the older generation (u-blox 4 to 8;
/// NAV-PVT replaces it from protocol 14, and u-blox 9 no longer sends it).
///
/// 52 bytes. The position and velocity are Earth-centred, Earth-fixed, in cm and cm/s; here
/// metres and metres per second in an ``ECEF``. The message has no latitude or longitude:
/// `position.geodetic` converts, as gpsd does for its TPV. The time is GPS time, week and time
/// of week, each `nil` unless the receiver says it is set (`WKNSET`, `TOWSET`).
public struct NAVSOL: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds, valid or not.
    public var iTOW: UInt32
    /// The precise GPS time of week, seconds (`iTOW` ms + `fTOW` ns); `nil` unless `TOWSET`.
    public var timeOfWeek: Double?
    /// The fractional part, nanoseconds, added to `iTOW` (`fTOW`, −500 000…500 000).
    public var fractionalTimeOfWeek: Int
    /// The GPS week number; `nil` unless `WKNSET`.
    public var week: Int?
    /// The fix type (`gpsFix`, numbered as NAV-PVT's `fixType`); `nil` for a reserved value.
    public var fixType: NAVPVT.FixType?
    /// Whether the fix is valid within the receiver's limits (`GPSfixOK`): without it the
    /// position is not to be used, whatever `fixType` says.
    public var gpsFixOK: Bool
    /// Whether differential corrections were applied (`DiffSoln`).
    public var differentialSolution: Bool
    /// The position, metres (from cm).
    public var position: ECEF
    /// 3D position accuracy estimate, metres (from cm).
    public var positionAccuracy: Double
    /// The velocity, metres per second (from cm/s).
    public var velocity: ECEF
    /// Speed accuracy estimate, metres per second (from cm/s).
    public var speedAccuracy: Double
    /// Position dilution of precision (from 0.01); `nil` at 99.99 or more, as NAV-DOP's.
    public var pdop: Double?
    /// Satellites used in the solution.
    public var satellitesUsed: Int

    /// Decodes a NAV-SOL of 52 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 52 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(52)
        iTOW = message.u4(0)
        fractionalTimeOfWeek = Int(message.i4(4))
        let flags = message.u1(11)
        gpsFixOK = flags & 0x01 != 0
        differentialSolution = flags & 0x02 != 0
        week = flags & 0x04 != 0 ? Int(message.i2(8)) : nil
        timeOfWeek = flags & 0x08 != 0 ? (Double(iTOW) * 1e6 + Double(fractionalTimeOfWeek)) / 1e9 : nil
        fixType = NAVPVT.FixType(rawValue: message.u1(10))
        position = ECEF(x: Double(message.i4(12)) / 100, y: Double(message.i4(16)) / 100, z: Double(message.i4(20)) / 100)
        positionAccuracy = Double(message.u4(24)) / 100
        velocity = ECEF(x: Double(message.i4(28)) / 100, y: Double(message.i4(32)) / 100, z: Double(message.i4(36)) / 100)
        speedAccuracy = Double(message.u4(40)) / 100
        let dop = message.u2(44)
        pdop = dop < 9999 ? Double(dop) / 100 : nil
        satellitesUsed = Int(message.u1(47))
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navSOL }
}

extension NAVSOL: UBXMessageDecodable {}
