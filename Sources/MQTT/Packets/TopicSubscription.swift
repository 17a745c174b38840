/// One topic filter of a SUBSCRIBE and the QoS asked for it.
public struct TopicSubscription: Hashable, Sendable {
    /// A topic or a filter with wildcards: `+` one level (`owntracks/+/car`), `#` every level
    /// below, last (`owntracks/#`).
    public var filter: String
    /// The highest QoS the client wants the topic's messages delivered with.
    public var qos: QualityOfService

    /// A subscription.
    public init(filter: String, qos: QualityOfService = .atLeastOnce) {
        self.filter = filter
        self.qos = qos
    }
}
