/// CFG-VALSET (`0x06 0x8A`): sets configuration keys in the chosen layers (protocol 23.01 and
/// later). The receiver answers ACK-ACK when it took every value, ACK-NAK (and changed nothing)
/// otherwise.
///
/// 4 bytes (`version` 0, `layers`, 2 reserved), then each key id (U4) and its value in the
/// key's size, little-endian.
public struct CFGVALSET: Hashable, Sendable {
    /// The layers written.
    public var layers: UBXConfigurationLayers
    /// The keys and their values, in order.
    public var values: [UBXConfigurationValue]

    /// Sets `values` in `layers`.
    ///
    /// - Precondition: Every key's id gives a size (``UBXConfigurationKey/valueSize``).
    public init(_ values: [UBXConfigurationValue], layers: UBXConfigurationLayers = .ram) {
        precondition(values.allSatisfy { $0.key.valueSize != nil }, "a configuration key without a size")
        self.layers = layers
        self.values = values
    }

    /// Decodes a CFG-VALSET of version 0 or 1 (version 1's transaction byte is ignored).
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for a cut-off value,
    ///   ``UBXError/unsupportedVersion(_:version:)`` for a later version,
    ///   ``UBXError/unknownKeySize(_:key:)`` for a key whose id gives no size.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(4)
        guard message.u1(0) <= 1 else { throw .unsupportedVersion(message.id, version: message.u1(0)) }
        layers = UBXConfigurationLayers(rawValue: message.u1(1))
        values = try UBXConfigurationValue.list(in: message, from: 4)
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgVALSET }
}

extension CFGVALSET: UBXMessageDecodable {}

extension CFGVALSET: UBXMessageEncodable {
    /// Version 0, the layers, 2 reserved bytes, the keys and values.
    public var payload: [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u1(0)
        builder.u1(layers.rawValue)
        builder.reserved(2)
        for value in values { value.append(to: &builder) }
        return builder.bytes
    }
}
