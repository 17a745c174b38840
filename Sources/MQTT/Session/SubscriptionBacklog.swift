/// What arrives between a SUBSCRIBE and its SUBACK (a topic's retained messages, which a broker
/// may send first), held for `MQTTConnection.receive` up to
/// `MQTTConnection.maximumHeldBeforeSubscription` packets and
/// `maximumBytesHeldBeforeSubscription` of topics and payloads; beyond either, packets are
/// dropped and counted, so a broker that floods before its SUBACK cannot grow memory.
struct SubscriptionBacklog {
    /// What is held, oldest first.
    private(set) var held: [MQTTConnection.Received] = []
    /// The bytes of topics and payloads held.
    private(set) var heldBytes = 0
    /// How many were dropped.
    private(set) var dropped = 0

    /// Holds `received` if it fits; false when it was dropped (and counted).
    mutating func hold(_ received: MQTTConnection.Received) -> Bool {
        let bytes = Self.bytes(of: received)
        guard held.count < MQTTConnection.maximumHeldBeforeSubscription,
              heldBytes + bytes <= MQTTConnection.maximumBytesHeldBeforeSubscription else {
            dropped += 1
            return false
        }
        held.append(received)
        heldBytes += bytes
        return true
    }

    /// The id a dropped `received` is acknowledged with: a PUBLISH's, read or skipped.
    static func packetID(of received: MQTTConnection.Received) -> UInt16? {
        switch received {
        case .packet(.publish(let message, let packetID, _)): message.qos == .atMostOnce ? nil : packetID
        case .oversized(_, _, let publish), .undecodable(_, let publish): publish?.packetID
        default: nil
        }
    }

    private static func bytes(of received: MQTTConnection.Received) -> Int {
        switch received {
        case .packet(.publish(let message, _, _)): message.topic.utf8.count + message.payload.count
        case .oversized(_, _, let publish), .undecodable(_, let publish): publish?.topic.utf8.count ?? 0
        default: 0
        }
    }
}
