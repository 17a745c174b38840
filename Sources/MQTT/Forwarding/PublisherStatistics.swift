/// What a `StoreAndForwardPublisher` has done so far.
public struct PublisherStatistics: Sendable, Equatable {
    /// Messages queued by `publish`, since the publisher was made.
    public var queued = 0
    /// Messages the broker has (QoS 1: PUBACK received; QoS 0: written to the socket).
    public var delivered = 0
    /// QoS 1 messages sent again (with DUP) after a reconnect: the broker may have had them,
    /// so readers may see them twice.
    public var resent = 0
    /// Messages dropped because the queue was full (the oldest first).
    public var dropped = 0
    /// Messages still waiting.
    public var waiting = 0
    /// Successful connections.
    public var connections = 0

    /// No activity.
    public init() {}
}
