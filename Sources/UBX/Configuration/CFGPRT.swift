/// CFG-PRT (`0x06 0x00`): one port's speed and the protocols it takes in and sends out, the
/// legacy way (later receivers take `CFG-UART1-*` and `CFG-USB*PROT-*` keys).
///
/// 20 bytes: `portID` (1 UART1, 2 UART2, 3 USB, 4 SPI, 0 I²C), reserved, `txReady`, `mode`
/// (a UART's character framing, 0x8C0 for 8N1), `baudRate` (bit/s; a UART's only),
/// `inProtoMask`, `outProtoMask`, `flags`, reserved. Polled with no payload, the receiver
/// answers for the port the poll came in on; with one byte, for that port.
public struct CFGPRT: Hashable, Sendable {
    /// The port's number, `portID`.
    public var port: UBXPort
    /// `txReady`: the TX-ready pin's settings.
    public var transmitReady: UInt16
    /// `mode`: a UART's framing (0x8C0 is 8 data bits, no parity, 1 stop bit); 0 for USB.
    public var mode: UInt32
    /// The speed, bit/s; 0 for USB, where it means nothing.
    public var baudRate: UInt32
    /// The protocols the port takes in.
    public var inputProtocols: UBXProtocols
    /// The protocols the port sends.
    public var outputProtocols: UBXProtocols
    /// `flags`: extended TX timeout.
    public var flags: UInt16

    /// The settings of `port`.
    public init(
        port: UBXPort, baudRate: UInt32, inputProtocols: UBXProtocols, outputProtocols: UBXProtocols,
        mode: UInt32? = nil, transmitReady: UInt16 = 0, flags: UInt16 = 0
    ) {
        self.port = port
        self.transmitReady = transmitReady
        self.mode = mode ?? (port == .usb ? 0 : 0x8C0)
        self.baudRate = port == .usb ? 0 : baudRate
        self.inputProtocols = inputProtocols
        self.outputProtocols = outputProtocols
        self.flags = flags
    }

    /// Decodes a CFG-PRT of 20 bytes.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 20 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(20)
        port = UBXPort(rawValue: message.u1(0))
        transmitReady = message.u2(2)
        mode = message.u4(4)
        baudRate = message.u4(8)
        inputProtocols = UBXProtocols(rawValue: message.u2(12))
        outputProtocols = UBXProtocols(rawValue: message.u2(14))
        flags = message.u2(16)
    }

    /// The poll of one port's settings: CFG-PRT with its `portID` alone.
    public static func poll(_ port: UBXPort) -> [UInt8] {
        UBXFrame.encode(messageID, payload: [port.rawValue])
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgPRT }
}

extension CFGPRT: UBXMessageDecodable {}

extension CFGPRT: UBXMessageEncodable {
    /// The 20 bytes, reserved fields 0.
    public var payload: [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u1(port.rawValue)
        builder.reserved(1)
        builder.u2(transmitReady)
        builder.u4(mode)
        builder.u4(baudRate)
        builder.u2(inputProtocols.rawValue)
        builder.u2(outputProtocols.rawValue)
        builder.u2(flags)
        builder.reserved(2)
        return builder.bytes
    }
}
