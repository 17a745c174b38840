/// What a `StoreAndForwardPublisher` has done so far.
public struct PublisherStatistics: Sendable, Equatable {
    /// Messages queued by `publish`, since the publisher was made.
    public var queued = 0
    /// Messages the broker has (QoS 1: PUBACK received; QoS 0: written to the socket).
    public var delivered = 0
    /// Messages an earlier run left in the spool, queued ahead of this run's at start (not in
    /// `queued`; those beyond the capacity are in `dropped` instead).
    public var restored = 0
    /// QoS 1 messages sent again, with DUP: after a reconnect, or left in the spool by an earlier
    /// run that had sent them without getting the PUBACK. The broker may have had them, so
    /// readers may see them twice. A restored message that was never sent, or one whose earlier
    /// PUBLISH failed to be written, goes with DUP 0 and is not counted here.
    public var resent = 0
    /// Messages dropped because the queue was full (the oldest first), including those the
    /// spool held beyond the capacity at start.
    public var dropped = 0
    /// Messages still waiting.
    public var waiting = 0
    /// Successful connections.
    public var connections = 0

    /// No activity.
    public init() {}
}
