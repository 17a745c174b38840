/// NAV-TIMEUTC (`0x01 0x21`): UTC as the receiver keeps it, with its validity.
///
/// 20 bytes, every u-blox generation. The date and time are UTC only when `validUTC`; before
/// the receiver knows the leap seconds they are GPS time, and before it knows the week they
/// are not a date at all. `nanosecond` may be negative: it is added to the time of day.
public struct NAVTIMEUTC: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// Time accuracy estimate, seconds (from nanoseconds).
    public var timeAccuracy: Double
    /// Fraction of the second, nanoseconds (−1e9…1e9): added to the time below.
    public var nanosecond: Int
    /// The date: year (1999…2099), month (1…12), day (1…31).
    public var year: Int, month: Int, day: Int
    /// The time of day: hour (0…23), minute (0…59), second (0…60, 60 in a leap second).
    public var hour: Int, minute: Int, second: Int
    /// Whether the GPS time of week is valid (`validTOW`).
    public var validTimeOfWeek: Bool
    /// Whether the GPS week number is valid (`validWKN`).
    public var validWeekNumber: Bool
    /// Whether the UTC time is valid: the leap seconds are known (`validUTC`).
    public var validUTC: Bool
    /// The UTC standard the receiver steers to (`utcStandard`, protocol 18 and later): 0 not
    /// available, 1 CRL, 2 NIST, 3 USNO, 4 BIPM, 5 EU, 6 SU, 7 NTSC, 8 NPLI, 15 unknown.
    public var utcStandard: Int

    /// Decodes a NAV-TIMEUTC of 20 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 20 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(20)
        iTOW = message.u4(0)
        timeAccuracy = Double(message.u4(4)) / 1e9
        nanosecond = Int(message.i4(8))
        year = Int(message.u2(12))
        month = Int(message.u1(14))
        day = Int(message.u1(15))
        hour = Int(message.u1(16))
        minute = Int(message.u1(17))
        second = Int(message.u1(18))
        let valid = message.u1(19)
        validTimeOfWeek = valid & 0x01 != 0
        validWeekNumber = valid & 0x02 != 0
        validUTC = valid & 0x04 != 0
        utcStandard = Int(valid >> 4)
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navTIMEUTC }
}

extension NAVTIMEUTC: UBXMessageDecodable {}
