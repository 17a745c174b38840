/// NAV-TIMEGPS (`0x01 0x20`): GPS time (week and time of week) and the leap seconds, with
/// their validity.
///
/// 16 bytes, every u-blox generation. The precise time of week is `iTOW` milliseconds plus
/// `fTOW` nanoseconds (−500 000…500 000). A value the receiver does not flag valid is `nil`,
/// as gpsd uses only the valid ones.
public struct NAVTIMEGPS: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds: what ties the epoch's messages
    /// together, valid or not.
    public var iTOW: UInt32
    /// The precise GPS time of week, seconds (`iTOW` ms + `fTOW` ns); `nil` unless `towValid`.
    public var timeOfWeek: Double?
    /// The fractional part, nanoseconds, added to `iTOW` (`fTOW`, −500 000…500 000).
    public var fractionalTimeOfWeek: Int
    /// The GPS week number (not rolled over at 1024); `nil` unless `weekValid`.
    public var week: Int?
    /// GPS − UTC, seconds (`leapS`); `nil` unless `leapSValid`.
    public var leapSeconds: Int?
    /// Time accuracy estimate, seconds (from nanoseconds).
    public var timeAccuracy: Double

    /// Decodes a NAV-TIMEGPS of 16 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 16 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(16)
        iTOW = message.u4(0)
        fractionalTimeOfWeek = Int(message.i4(4))
        let valid = message.u1(11)
        timeOfWeek = valid & 0x01 != 0 ? (Double(iTOW) * 1e6 + Double(fractionalTimeOfWeek)) / 1e9 : nil
        week = valid & 0x02 != 0 ? Int(message.i2(8)) : nil
        leapSeconds = valid & 0x04 != 0 ? Int(message.i1(10)) : nil
        timeAccuracy = Double(message.u4(12)) / 1e9
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navTIMEGPS }
}

extension NAVTIMEGPS: UBXMessageDecodable {}
