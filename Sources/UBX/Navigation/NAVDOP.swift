/// NAV-DOP (`0x01 0x04`): the dilutions of precision of the navigation solution.
///
/// 18 bytes, every u-blox generation. Each DOP is sent in units of 0.01; a value of 99.99 or
/// more is what a receiver without a solution sends, and is `nil` here, as gpsd ignores it.
public struct NAVDOP: Hashable, Sendable {
    /// GPS time of week of the navigation epoch, milliseconds.
    public var iTOW: UInt32
    /// Geometric DOP; `nil` at 99.99 or more.
    public var gdop: Double?
    /// Position DOP; `nil` at 99.99 or more.
    public var pdop: Double?
    /// Time DOP; `nil` at 99.99 or more.
    public var tdop: Double?
    /// Vertical DOP; `nil` at 99.99 or more.
    public var vdop: Double?
    /// Horizontal DOP; `nil` at 99.99 or more.
    public var hdop: Double?
    /// Northing DOP; `nil` at 99.99 or more.
    public var ndop: Double?
    /// Easting DOP; `nil` at 99.99 or more.
    public var edop: Double?

    /// Decodes a NAV-DOP of 18 bytes or more.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 18 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(18)
        iTOW = message.u4(0)
        func dop(_ offset: Int) -> Double? {
            let value = message.u2(offset)
            return value < 9999 ? Double(value) / 100 : nil
        }
        gdop = dop(4)
        pdop = dop(6)
        tdop = dop(8)
        vdop = dop(10)
        hdop = dop(12)
        ndop = dop(14)
        edop = dop(16)
    }

    /// The message this decodes.
    public static var messageID: UBXMessageID { .navDOP }
}

extension NAVDOP: UBXMessageDecodable {}
