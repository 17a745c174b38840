/// CFG-MSG (`0x06 0x01`): how often the receiver sends a message, the legacy way (later
/// receivers take `CFG-MSGOUT-*` keys).
///
/// As a command, 3 bytes (class, id, rate on the port the command came in on) or 8 (class, id,
/// a rate for each of the 6 ports). Polled with class and id, the receiver answers with 8. A
/// rate is per navigation solution: 1 is every epoch, 0 never.
public struct CFGMSG: Hashable, Sendable {
    /// The message whose rate this is.
    public var message: UBXMessageID
    /// The rate for each port by `portID` (6 entries), or one entry: the rate on the port the
    /// command comes in on.
    public var rates: [UInt8]

    /// The rate of `message` on the port the command comes in on: 1 every epoch, 0 never.
    public init(_ message: UBXMessageID, rate: UInt8) {
        self.message = message
        rates = [rate]
    }

    /// The rates of `message` on each of the 6 ports, by `portID`.
    public init(_ message: UBXMessageID, rates: [UInt8]) {
        precondition(rates.count == 6, "CFG-MSG gives a rate for each of 6 ports")
        self.message = message
        self.rates = rates
    }

    /// Decodes a CFG-MSG of 3 or 8 bytes (a poll's 2-byte payload is not a setting).
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 3 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(3)
        self.message = UBXMessageID(message.u1(0), message.u1(1))
        rates = message.count >= 8 ? (2..<8).map { message.u1($0) } : [message.u1(2)]
    }

    /// The rate on `port`; with one rate, that rate (the port the message came in on).
    public func rate(on port: UBXPort) -> UInt8 {
        rates.count == 1 ? rates[0] : Int(port.rawValue) < rates.count ? rates[Int(port.rawValue)] : 0
    }

    /// The poll of `message`'s rates: CFG-MSG with its class and id.
    public static func poll(_ message: UBXMessageID) -> [UInt8] {
        UBXFrame.encode(messageID, payload: [message.messageClass, message.id])
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgMSG }
}

extension CFGMSG: UBXMessageDecodable {}

extension CFGMSG: UBXMessageEncodable {
    /// Class, id and the rates.
    public var payload: [UInt8] { [message.messageClass, message.id] + rates }
}
