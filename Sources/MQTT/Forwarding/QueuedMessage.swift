/// A message waiting for the broker, with its place in the queue.
public struct QueuedMessage: Hashable, Sendable {
    /// Its place: increasing by one per message queued, across restarts when spooled.
    public var sequence: UInt64
    /// The message.
    public var message: MQTTMessage
    /// Whether it was sent before (on an earlier connection, or by an earlier run, as its
    /// spool file says) without a PUBACK: sent again with DUP set.
    public var wasSent: Bool
}
