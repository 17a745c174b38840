extension MQTTPacket {
    /// The packet as it goes on the wire: fixed header (type, flags, remaining length), variable
    /// header and payload. Strings are UTF-8 with a two-byte big-endian length (§1.5.3).
    ///
    /// - Precondition: every string fits in 65,535 bytes, the packet in `RemainingLength.maximum`;
    ///   a QoS 1 PUBLISH has a packet id of 1 to 65,535 (§2.3.1: 0 is not an id).
    public func encoded() -> [UInt8] {
        var body: [UInt8] = []
        var flags: UInt8 = 0
        switch self {
        case .connect(let request):
            body.appendString("MQTT")
            body.append(4)  // protocol level 4: 3.1.1
            var connectFlags: UInt8 = request.cleanSession ? 0x02 : 0
            if let will = request.will {
                connectFlags |= 0x04 | will.qos.rawValue << 3 | (will.retain ? 0x20 : 0)
            }
            if request.username != nil { connectFlags |= 0x80 }
            if request.username != nil, request.password != nil { connectFlags |= 0x40 }
            body.append(connectFlags)
            body.appendUInt16(request.keepAliveSeconds)
            body.appendString(request.clientID)
            if let will = request.will {
                body.appendString(will.topic)
                body.appendUInt16(UInt16(will.payload.count))
                body += will.payload
            }
            if let username = request.username {
                body.appendString(username)
                if let password = request.password { body.appendString(password) }
            }
        case .connectAcknowledgement(let sessionPresent, let returnCode):
            body = [sessionPresent ? 1 : 0, returnCode.rawValue]
        case .publish(let message, let packetID, let duplicate):
            flags = (duplicate ? 0x08 : 0) | message.qos.rawValue << 1 | (message.retain ? 0x01 : 0)
            body.appendString(message.topic)
            if message.qos != .atMostOnce {
                guard let packetID, packetID != 0 else { preconditionFailure("a QoS 1 PUBLISH needs a packet id of 1 to 65,535") }
                body.appendUInt16(packetID)
            }
            body += message.payload
        case .publishAcknowledgement(let packetID):
            body.appendUInt16(packetID)
        case .subscribe(let packetID, let filters):
            flags = 0x02  // required by §3.8.1
            body.appendUInt16(packetID)
            for subscription in filters {
                body.appendString(subscription.filter)
                body.append(subscription.qos.rawValue)
            }
        case .subscribeAcknowledgement(let packetID, let granted):
            body.appendUInt16(packetID)
            body += granted.map { $0?.rawValue ?? 0x80 }
        case .pingRequest, .pingResponse, .disconnect:
            break
        }
        return [type << 4 | flags] + RemainingLength.encode(body.count) + body
    }
}

extension [UInt8] {
    mutating func appendUInt16(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func appendString(_ text: String) {
        let utf8 = Array(text.utf8)
        precondition(utf8.count <= 65_535, "an MQTT string is at most 65,535 bytes")
        appendUInt16(UInt16(utf8.count))
        self += utf8
    }
}
