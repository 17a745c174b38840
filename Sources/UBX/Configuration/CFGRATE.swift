/// CFG-RATE (`0x06 0x08`): how often the receiver measures and navigates, the legacy way
/// (u-blox 8 and earlier; later receivers still answer it, and take `CFG-RATE-MEAS` too).
///
/// 6 bytes: `measRate` (ms between measurements), `navRate` (measurements per navigation
/// solution), `timeRef` (0 UTC, 1 GPS, 2 GLONASS, 3 BeiDou, 4 Galileo).
public struct CFGRATE: Hashable, Sendable {
    /// Time between measurements, milliseconds: 1000 is 1 Hz, 100 is 10 Hz.
    public var measurementPeriodMilliseconds: UInt16
    /// Measurements per navigation solution; 1 on every receiver this package meets.
    public var navigationRate: UInt16
    /// The time system the measurements are aligned to: 0 UTC, 1 GPS time (ubxtool's choice).
    public var timeReference: UInt16

    /// A rate of one measurement every `measurementPeriodMilliseconds`.
    public init(measurementPeriodMilliseconds: UInt16, navigationRate: UInt16 = 1, timeReference: UInt16 = 1) {
        self.measurementPeriodMilliseconds = measurementPeriodMilliseconds
        self.navigationRate = navigationRate
        self.timeReference = timeReference
    }

    /// Decodes a CFG-RATE of 6 bytes.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 6 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(6)
        measurementPeriodMilliseconds = message.u2(0)
        navigationRate = message.u2(2)
        timeReference = message.u2(4)
    }

    /// Navigation solutions per second, hertz: 1000 / (period × navigation rate); 0 for a
    /// period of 0.
    public var hertz: Double {
        let period = Double(measurementPeriodMilliseconds) * Double(max(navigationRate, 1))
        return period == 0 ? 0 : 1000 / period
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgRATE }
}

extension CFGRATE: UBXMessageDecodable {}

extension CFGRATE: UBXMessageEncodable {
    /// `measRate`, `navRate`, `timeRef`, each U2.
    public var payload: [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u2(measurementPeriodMilliseconds)
        builder.u2(navigationRate)
        builder.u2(timeReference)
        return builder.bytes
    }
}
