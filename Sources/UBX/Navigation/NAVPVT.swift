/// NAV-PVT (`0x01 0x07`): the receiver's navigation solution in one message: time, fix type,
/// position, velocity, and the receiver's own estimates of their accuracy.
///
/// Sent by protocol 14 and later (u-blox 7 onwards; 84 bytes on u-blox 7, 92 from u-blox 8).
/// Values are in the units named, the message's integers divided by their scale (so a decimal
/// value is the nearest double to it): degrees from 1e-7°, metres from millimetres, metres per
/// second from mm/s, degrees from 1e-5°. Accuracies are the receiver's 1σ estimates.
public struct NAVPVT: Hashable, Sendable {
    /// The fix's type, as NAV-PVT's `fixType` says.
    public enum FixType: UInt8, Hashable, Sendable {
        /// 0: no fix.
        case noFix = 0
        /// 1: dead reckoning only.
        case deadReckoning = 1
        /// 2: a 2D fix.
        case twoDimensional = 2
        /// 3: a 3D fix.
        case threeDimensional = 3
        /// 4: GNSS and dead reckoning combined.
        case gnssWithDeadReckoning = 4
        /// 5: time only (a timing receiver in fixed-position mode).
        case timeOnly = 5
    }

    /// Carrier-phase range solution (`carrSoln`): the RTK state.
    public enum CarrierSolution: UInt8, Hashable, Sendable {
        /// No carrier-phase solution.
        case none = 0
        /// RTK with float ambiguities (decimetres).
        case float = 1
        /// RTK with fixed ambiguities (centimetres).
        case fixed = 2
    }

    /// GPS time of week of the navigation epoch, milliseconds: what ties the epoch's messages
    /// together.
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
    /// Time accuracy estimate, seconds.
    public var timeAccuracy: Double
    /// The fix type.
    public var fixType: FixType?
    /// Whether the fix is valid within the receiver's limits (`gnssFixOK`).
    public var gnssFixOK: Bool
    /// Whether differential corrections were applied (`diffSoln`).
    public var differentialSolution: Bool
    /// The carrier-phase (RTK) state; `nil` for a reserved value.
    public var carrierSolution: CarrierSolution?
    /// Satellites used in the solution.
    public var satellitesUsed: Int
    /// Latitude, degrees.
    public var latitude: Double
    /// Longitude, degrees.
    public var longitude: Double
    /// Height above the ellipsoid, metres.
    public var heightAboveEllipsoid: Double
    /// Height above mean sea level, metres.
    public var heightAboveMeanSeaLevel: Double
    /// Horizontal accuracy estimate, metres.
    public var horizontalAccuracy: Double
    /// Vertical accuracy estimate, metres.
    public var verticalAccuracy: Double
    /// Velocity north, east and down, metres per second.
    public var velocityNorth: Double, velocityEast: Double, velocityDown: Double
    /// Ground speed (2D), metres per second.
    public var groundSpeed: Double
    /// Heading of motion (2D), degrees.
    public var headingOfMotion: Double
    /// Speed accuracy estimate, metres per second.
    public var speedAccuracy: Double
    /// Heading accuracy estimate (of motion and of vehicle), degrees.
    public var headingAccuracy: Double
    /// Position dilution of precision; `nil` at 99.99, the receiver's "no value" (a time-only
    /// fix of a timing receiver sends it).
    public var pdop: Double?
    /// Whether the receiver flags latitude, longitude and heights as invalid (`invalidLlh`,
    /// protocol 27 and later; false before).
    public var invalidPosition: Bool
    /// Magnetic declination, degrees east; `nil` unless the receiver says it is valid
    /// (`validMag`) and the message is u-blox 8's 92 bytes.
    public var magneticDeclination: Double?

    /// Decodes a NAV-PVT message of 84 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 84 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(84)
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
        timeAccuracy = Double(message.u4(12)) / 1e9
        nanosecond = Int(message.i4(16))
        fixType = FixType(rawValue: message.u1(20))
        let flags = message.u1(21)
        gnssFixOK = flags & 0x01 != 0
        differentialSolution = flags & 0x02 != 0
        carrierSolution = CarrierSolution(rawValue: flags >> 6)
        satellitesUsed = Int(message.u1(23))
        longitude = Double(message.i4(24)) / 1e7
        latitude = Double(message.i4(28)) / 1e7
        heightAboveEllipsoid = Double(message.i4(32)) / 1e3
        heightAboveMeanSeaLevel = Double(message.i4(36)) / 1e3
        horizontalAccuracy = Double(message.u4(40)) / 1e3
        verticalAccuracy = Double(message.u4(44)) / 1e3
        velocityNorth = Double(message.i4(48)) / 1e3
        velocityEast = Double(message.i4(52)) / 1e3
        velocityDown = Double(message.i4(56)) / 1e3
        groundSpeed = Double(message.i4(60)) / 1e3
        headingOfMotion = Double(message.i4(64)) / 1e5
        speedAccuracy = Double(message.u4(68)) / 1e3
        headingAccuracy = Double(message.u4(72)) / 1e5
        let dop = message.u2(76)
        pdop = dop < 9999 ? Double(dop) / 100 : nil
        invalidPosition = message.u1(78) & 0x01 != 0
        let hasMagnetic = valid & 0x08 != 0 && message.count >= 92
        magneticDeclination = hasMagnetic ? Double(message.i2(88)) / 100 : nil
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navPVT }
}

extension NAVPVT: UBXMessageDecodable {}
