/// What the variable header of a PUBLISH that was skipped says (§3.3.2): its topic and, at QoS 1,
/// its packet id. A QoS 1 PUBLISH needs its PUBACK whether or not the client uses the message,
/// or the broker's in-flight window (mosquitto: 20 messages) fills and it sends nothing more.
public struct SkippedPublish: Hashable, Sendable {
    /// The topic, with any bytes that are not UTF-8 replaced by U+FFFD.
    public var topic: String
    /// The QoS the broker delivered it at.
    public var qos: QualityOfService
    /// The id to acknowledge with PUBACK: QoS 1's, `nil` at QoS 0.
    public var packetID: UInt16?

    /// A skipped PUBLISH's header.
    public init(topic: String, qos: QualityOfService, packetID: UInt16?) {
        self.topic = topic
        self.qos = qos
        self.packetID = packetID
    }

    /// How many bytes at the front of a PUBLISH's body its variable header takes (the topic's
    /// length and bytes, then the packet id at QoS 1), once `body` holds the topic's length;
    /// `nil` before then, or when the QoS bits of `firstByte` are invalid (3).
    static func headerLength(firstByte: UInt8, body: ArraySlice<UInt8>) -> Int? {
        guard body.count >= 2, let qos = QualityOfService(rawValue: (firstByte >> 1) & 0x03) else { return nil }
        let topicLength = Int(body[body.startIndex]) << 8 | Int(body[body.startIndex + 1])
        return 2 + topicLength + (qos == .atMostOnce ? 0 : 2)
    }

    /// Reads the variable header at the front of `body`; `nil` when `body` is shorter than it,
    /// or the QoS bits are invalid.
    init?(firstByte: UInt8, body: ArraySlice<UInt8>) {
        guard let length = Self.headerLength(firstByte: firstByte, body: body), body.count >= length,
              let qos = QualityOfService(rawValue: (firstByte >> 1) & 0x03) else { return nil }
        let topicStart = body.startIndex + 2
        let topicEnd = body.startIndex + length - (qos == .atMostOnce ? 0 : 2)
        topic = String(decoding: body[topicStart..<topicEnd], as: UTF8.self)
        self.qos = qos
        packetID = qos == .atMostOnce ? nil : UInt16(body[topicEnd]) << 8 | UInt16(body[topicEnd + 1])
    }
}
