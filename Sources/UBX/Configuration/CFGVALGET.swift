/// CFG-VALGET (`0x06 0x8B`): configuration keys read from one layer (protocol 23.01 and
/// later): the receiver's answer (`version` 1) to a request (``Request``, `version` 0).
///
/// 4 bytes (`version`, `layer`, `position` U2), then the keys (a request) or each key and its
/// value (an answer). A request for a key the receiver does not know is answered by ACK-NAK.
public struct CFGVALGET: Hashable, Sendable {
    /// A request: the keys to read, and from which layer.
    public struct Request: Hashable, Sendable {
        /// The layer to read.
        public var layer: UBXConfigurationLayer
        /// How many values to skip, for a request that matches more than one answer holds.
        public var position: UInt16
        /// The keys (a group's wildcard, such as `0x1074FFFF`, asks for all of its keys).
        public var keys: [UBXConfigurationKey]

        /// Asks for `keys` from `layer`.
        public init(_ keys: [UBXConfigurationKey], layer: UBXConfigurationLayer = .ram, position: UInt16 = 0) {
            self.layer = layer
            self.position = position
            self.keys = keys
        }

        /// Decodes a request (`version` 0).
        ///
        /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
        ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 4 bytes,
        ///   ``UBXError/unsupportedVersion(_:version:)`` for an answer (version 1) or later.
        public init(_ message: UBXMessage) throws(UBXError) {
            guard message.id == CFGVALGET.messageID else { throw .unexpectedMessage(message.id) }
            try message.require(4)
            guard message.u1(0) == 0 else { throw .unsupportedVersion(message.id, version: message.u1(0)) }
            layer = UBXConfigurationLayer(rawValue: message.u1(1)) ?? .ram
            position = message.u2(2)
            keys = stride(from: 4, through: message.count - 4, by: 4).map { UBXConfigurationKey(rawValue: message.u4($0)) }
        }

        /// The whole frame to write.
        public var frame: [UInt8] {
            var builder = UBXPayloadBuilder()
            builder.u1(0)
            builder.u1(layer.rawValue)
            builder.u2(position)
            for key in keys { builder.u4(key.rawValue) }
            return UBXFrame.encode(CFGVALGET.messageID, payload: builder.bytes)
        }
    }

    /// The layer the values are from.
    public var layer: UBXConfigurationLayer
    /// The position of the first value among all the request matched.
    public var position: UInt16
    /// The keys and their values.
    public var values: [UBXConfigurationValue]

    /// An answer giving `values` from `layer`.
    public init(_ values: [UBXConfigurationValue], layer: UBXConfigurationLayer = .ram, position: UInt16 = 0) {
        self.layer = layer
        self.position = position
        self.values = values
    }

    /// Decodes an answer (`version` 1).
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for a cut-off value,
    ///   ``UBXError/unsupportedVersion(_:version:)`` for a request (version 0) or later,
    ///   ``UBXError/unknownKeySize(_:key:)`` for a key whose id gives no size.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == Self.messageID else { throw .unexpectedMessage(message.id) }
        try message.require(4)
        guard message.u1(0) == 1 else { throw .unsupportedVersion(message.id, version: message.u1(0)) }
        layer = UBXConfigurationLayer(rawValue: message.u1(1)) ?? .ram
        position = message.u2(2)
        values = try UBXConfigurationValue.list(in: message, from: 4)
    }

    /// The value of `key`, or `nil` when the answer holds none.
    public subscript(key: UBXConfigurationKey) -> UInt64? {
        values.first { $0.key == key }?.value
    }

    /// The message this decodes and encodes.
    public static var messageID: UBXMessageID { .cfgVALGET }
}

extension CFGVALGET: UBXMessageDecodable {}

extension CFGVALGET: UBXMessageEncodable {
    /// Version 1, the layer, the position, the keys and values.
    public var payload: [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u1(1)
        builder.u1(layer.rawValue)
        builder.u2(position)
        for value in values { value.append(to: &builder) }
        return builder.bytes
    }
}
