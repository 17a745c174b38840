/// One configuration key and its value, as CFG-VALSET writes it and CFG-VALGET answers it.
public struct UBXConfigurationValue: Hashable, Sendable {
    /// The key.
    public var key: UBXConfigurationKey
    /// The value, in the key's size (``UBXConfigurationKey/valueSize``) when encoded: a boolean
    /// is 0 or 1, a signed value its two's complement.
    public var value: UInt64

    /// `key` set to `value`.
    public init(_ key: UBXConfigurationKey, _ value: UInt64) {
        self.key = key
        self.value = value
    }

    /// A boolean key (`L`) set on or off.
    public init(_ key: UBXConfigurationKey, _ isOn: Bool) {
        self.init(key, isOn ? 1 : 0)
    }

    /// The key id and the value's `valueSize` bytes, little-endian.
    ///
    /// - Precondition: The key's id gives a size.
    func append(to builder: inout UBXPayloadBuilder) {
        guard let size = key.valueSize else { preconditionFailure("\(key) gives no value size") }
        builder.u4(key.rawValue)
        for index in 0..<size { builder.u1(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    /// Reads key–value pairs from `offset` to the end of `message`'s payload.
    ///
    /// - Throws: ``UBXError/unknownKeySize(_:key:)`` for a key whose id gives no size,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for a value cut off by the end.
    static func list(in message: UBXMessage, from offset: Int) throws(UBXError) -> [UBXConfigurationValue] {
        var values: [UBXConfigurationValue] = []
        var offset = offset
        while offset < message.count {
            try message.require(offset + 4)
            let key = UBXConfigurationKey(rawValue: message.u4(offset))
            guard let size = key.valueSize else { throw .unknownKeySize(message.id, key: key.rawValue) }
            try message.require(offset + 4 + size)
            var value: UInt64 = 0
            for index in 0..<size { value |= UInt64(message.u1(offset + 4 + index)) << (8 * index) }
            values.append(UBXConfigurationValue(key, value))
            offset += 4 + size
        }
        return values
    }
}

extension UBXConfigurationValue: CustomStringConvertible {
    /// `CFG-RATE-MEAS=200`.
    public var description: String { "\(key)=\(value)" }
}
