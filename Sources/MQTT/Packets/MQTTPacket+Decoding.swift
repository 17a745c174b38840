extension MQTTPacket {
    /// Why bytes are not a packet this client understands.
    public enum DecodingError: Error, Equatable, Sendable {
        /// The type nibble is one this client does not speak (QoS 2's, UNSUBSCRIBE's, 0 or 15).
        case unsupportedType(UInt8)
        /// The body is shorter or longer than its type needs, or a field is out of range.
        case malformed(type: UInt8)
    }

    /// Decodes one packet from its first byte (type and flags) and its body (the bytes after
    /// the remaining length, exactly that many).
    ///
    /// - Throws: `DecodingError` when the type is unknown or the body does not fit it.
    public init(firstByte: UInt8, body: ArraySlice<UInt8>) throws(DecodingError) {
        let type = firstByte >> 4
        var reader = BodyReader(bytes: body, type: type)
        switch type {
        case 1:
            guard try reader.string() == "MQTT", try reader.byte() == 4 else { throw .malformed(type: type) }
            let flags = try reader.byte()
            let keepAlive = try reader.uint16()
            var request = ConnectRequest(clientID: try reader.string(), cleanSession: flags & 0x02 != 0, keepAliveSeconds: keepAlive)
            if flags & 0x04 != 0 {
                let topic = try reader.string()
                let payload = try reader.bytes(Int(try reader.uint16()))
                guard let qos = QualityOfService(rawValue: (flags >> 3) & 0x03) else { throw .malformed(type: type) }
                request.will = MQTTMessage(topic: topic, payload: payload, qos: qos, retain: flags & 0x20 != 0)
            }
            if flags & 0x80 != 0 { request.username = try reader.string() }
            if flags & 0x40 != 0 { request.password = try reader.string() }
            self = .connect(request)
        case 2:
            let acknowledgeFlags = try reader.byte()
            guard let code = ConnectReturnCode(rawValue: try reader.byte()) else { throw .malformed(type: type) }
            self = .connectAcknowledgement(sessionPresent: acknowledgeFlags & 0x01 != 0, returnCode: code)
        case 3:
            guard let qos = QualityOfService(rawValue: (firstByte >> 1) & 0x03) else { throw .malformed(type: type) }
            let topic = try reader.string()
            let packetID = qos == .atMostOnce ? nil : try reader.uint16()
            let message = MQTTMessage(topic: topic, payload: reader.rest(), qos: qos, retain: firstByte & 0x01 != 0)
            self = .publish(message, packetID: packetID, duplicate: firstByte & 0x08 != 0)
            return
        case 4:
            self = .publishAcknowledgement(packetID: try reader.uint16())
        case 8:
            let packetID = try reader.uint16()
            var filters: [TopicSubscription] = []
            while !reader.isAtEnd {
                let filter = try reader.string()
                guard let qos = QualityOfService(rawValue: try reader.byte()) else { throw .malformed(type: type) }
                filters.append(TopicSubscription(filter: filter, qos: qos))
            }
            guard !filters.isEmpty else { throw .malformed(type: type) }
            self = .subscribe(packetID: packetID, filters: filters)
            return
        case 9:
            let packetID = try reader.uint16()
            let granted = reader.rest().map { QualityOfService(rawValue: $0) }
            self = .subscribeAcknowledgement(packetID: packetID, granted: granted)
            return
        case 12: self = .pingRequest
        case 13: self = .pingResponse
        case 14: self = .disconnect
        default: throw .unsupportedType(type)
        }
        guard reader.isAtEnd else { throw .malformed(type: type) }
    }
}

/// Reads a packet's body field by field; running past its end is `.malformed`.
private struct BodyReader {
    var bytes: ArraySlice<UInt8>
    let type: UInt8

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func byte() throws(MQTTPacket.DecodingError) -> UInt8 {
        guard let first = bytes.popFirst() else { throw .malformed(type: type) }
        return first
    }

    mutating func uint16() throws(MQTTPacket.DecodingError) -> UInt16 {
        UInt16(try byte()) << 8 | UInt16(try byte())
    }

    mutating func bytes(_ count: Int) throws(MQTTPacket.DecodingError) -> [UInt8] {
        guard bytes.count >= count else { throw .malformed(type: type) }
        defer { bytes.removeFirst(count) }
        return Array(bytes.prefix(count))
    }

    mutating func string() throws(MQTTPacket.DecodingError) -> String {
        let utf8 = try bytes(Int(try uint16()))
        guard let text = String(validating: utf8, as: UTF8.self) else { throw .malformed(type: type) }
        return text
    }

    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}
