/// MQTT's delivery guarantee for one message (§4.3). QoS 2 is not supported: a fleet's positions
/// are idempotent, so a duplicate (which QoS 1 may give) costs nothing a reader cannot skip.
public enum QualityOfService: UInt8, Sendable, Hashable, Comparable {
    /// At most once: sent, never acknowledged; lost if the connection breaks meanwhile.
    case atMostOnce = 0
    /// At least once: kept until the broker's PUBACK, sent again (with DUP) after a reconnect.
    case atLeastOnce = 1

    /// Orders by strength.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
