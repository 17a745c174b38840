import MQTT

/// What a followed topic sent that was not read as a position; each description says what to do.
public enum FleetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A message on `topic` was skipped: too large (its bytes were never held), or not a
    /// position in OwnTracks' or gpsd's JSON.
    case rejectedMessage(topic: String, reason: String)
    /// The broker sent `count` messages on `filter` before it acknowledged the subscription,
    /// beyond the 64 (or 1 MiB) held: they were dropped (and acknowledged), unread.
    case droppedBeforeSubscription(filter: String, count: Int)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .rejectedMessage(let topic, let reason):
            "skipped a message on \(topic): \(reason); fixes go on. Publish OwnTracks location JSON or gpsd TPV "
                + "there (gps publish), or follow a narrower topic"
        case .droppedBeforeSubscription(let filter, let count):
            "dropped \(count) messages on \(filter) that the broker sent before it acknowledged the subscription, "
                + "more than the \(MQTTConnection.maximumHeldBeforeSubscription) (or 1 MiB) held; fixes go on. A broker should send "
                + "a topic's retained messages, one each, not a flood: see its log"
        }
    }
}
