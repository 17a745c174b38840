/// HNR-PVT (`0x28 0x00`): the high-rate navigation solution of u-blox 8's dead-reckoning
/// receivers (ADR, UDR: NEO-M8L, NEO-M8U), sent up to 30 times a second between the NAV
/// epochs.
///
/// 72 bytes. Units as NAV-PVT's, converted the same way: degrees from 1e-7°, metres from mm,
/// metres per second from mm/s, degrees from 1e-5°. It is off the NAV epoch's cycle: its
/// `iTOW` is its own instant, and no NAV-EOE closes it. The date and time are to be used only
/// where `validDate` and `validTime` say so; the vehicle's heading is `nil` unless the receiver
/// flags it valid (`headVehValid`).
public struct HNRPVT: Hashable, Sendable {
    /// GPS time of week of this solution, milliseconds.
    public var iTOW: UInt32
    /// UTC date, when `validDate`.
    public var year: Int, month: Int, day: Int
    /// UTC time of day, when `validTime`.
    public var hour: Int, minute: Int, second: Int
    /// Fraction of the second, nanoseconds (−1e9…1e9): added to the time above.
    public var nanosecond: Int
    /// Whether the UTC date is valid.
    public var validDate: Bool
    /// Whether the UTC time of day is valid.
    public var validTime: Bool
    /// Whether the UTC time is fully resolved (no seconds uncertainty).
    public var fullyResolved: Bool
    /// The fix type (`gpsFix`, numbered as NAV-PVT's `fixType`); `nil` for a reserved value.
    public var fixType: NAVPVT.FixType?
    /// Whether the fix is valid within the receiver's limits (`GPSfixOK`).
    public var gpsFixOK: Bool
    /// Whether differential corrections were applied (`DiffSoln`).
    public var differentialSolution: Bool
    /// Whether the GPS week number is valid (`WKNSET`).
    public var weekSet: Bool
    /// Whether the GPS time of week is valid (`TOWSET`).
    public var timeOfWeekSet: Bool
    /// Longitude, degrees.
    public var longitude: Double
    /// Latitude, degrees.
    public var latitude: Double
    /// Height above the ellipsoid, metres.
    public var heightAboveEllipsoid: Double
    /// Height above mean sea level, metres.
    public var heightAboveMeanSeaLevel: Double
    /// Ground speed (2D), metres per second.
    public var groundSpeed: Double
    /// Speed (3D), metres per second.
    public var speed: Double
    /// Heading of motion (2D), degrees.
    public var headingOfMotion: Double
    /// Heading of the vehicle (2D), degrees; `nil` unless `headVehValid`.
    public var headingOfVehicle: Double?
    /// Horizontal accuracy estimate, metres.
    public var horizontalAccuracy: Double
    /// Vertical accuracy estimate, metres.
    public var verticalAccuracy: Double
    /// Speed accuracy estimate, metres per second.
    public var speedAccuracy: Double
    /// Heading accuracy estimate, degrees.
    public var headingAccuracy: Double

    /// Decodes an HNR-PVT of 72 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 72 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(72)
        iTOW = message.u4(0)
        year = Int(message.u2(4))
        month = Int(message.u1(6))
        day = Int(message.u1(7))
        hour = Int(message.u1(8))
        minute = Int(message.u1(9))
        second = Int(message.u1(10))
        let valid = message.u1(11)
        validDate = valid & 0x01 != 0
        validTime = valid & 0x02 != 0
        fullyResolved = valid & 0x04 != 0
        nanosecond = Int(message.i4(12))
        fixType = NAVPVT.FixType(rawValue: message.u1(16))
        let flags = message.u1(17)
        gpsFixOK = flags & 0x01 != 0
        differentialSolution = flags & 0x02 != 0
        weekSet = flags & 0x04 != 0
        timeOfWeekSet = flags & 0x08 != 0
        longitude = Double(message.i4(20)) / 1e7
        latitude = Double(message.i4(24)) / 1e7
        heightAboveEllipsoid = Double(message.i4(28)) / 1e3
        heightAboveMeanSeaLevel = Double(message.i4(32)) / 1e3
        groundSpeed = Double(message.i4(36)) / 1e3
        speed = Double(message.i4(40)) / 1e3
        headingOfMotion = Double(message.i4(44)) / 1e5
        headingOfVehicle = flags & 0x20 != 0 ? Double(message.i4(48)) / 1e5 : nil
        horizontalAccuracy = Double(message.u4(52)) / 1e3
        verticalAccuracy = Double(message.u4(56)) / 1e3
        speedAccuracy = Double(message.u4(60)) / 1e3
        headingAccuracy = Double(message.u4(64)) / 1e5
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .hnrPVT }
}

extension HNRPVT: UBXMessageDecodable {}
