/// A message waiting for the broker, with its place in the queue.
public struct QueuedMessage: Hashable, Sendable {
    /// Its place: increasing by one per message queued, across restarts when spooled.
    public var sequence: UInt64
    /// The message.
    public var message: MQTTMessage
    /// Whether it may have been sent before without a PUBACK (its PUBLISH written on an earlier
    /// connection, or by an earlier run as its spool file says, or being written when that run
    /// was killed): sent again with DUP set. A PUBLISH whose write failed does not count.
    public var wasSent: Bool
}
