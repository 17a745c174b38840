/// An application message: what a PUBLISH carries, and what a will is.
public struct MQTTMessage: Hashable, Sendable {
    /// The topic, such as `owntracks/alice/car`: UTF-8, no wildcards, at most 65,535 bytes.
    public var topic: String
    /// The payload: any bytes (OwnTracks and gpsd send JSON).
    public var payload: [UInt8]
    /// The delivery guarantee asked for.
    public var qos: QualityOfService
    /// Whether the broker keeps it as the topic's last message, for subscribers that come later.
    public var retain: Bool

    /// A message.
    ///
    /// - Parameters:
    ///   - topic: Where it goes.
    ///   - payload: Its bytes.
    ///   - qos: `.atLeastOnce` by default.
    ///   - retain: False by default.
    public init(topic: String, payload: [UInt8], qos: QualityOfService = .atLeastOnce, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}
