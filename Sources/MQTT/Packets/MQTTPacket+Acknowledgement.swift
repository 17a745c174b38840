extension MQTTPacket {
    /// The PUBACK a client owes for a PUBLISH with `packetID`, whether it uses the message or
    /// skips it: unacknowledged QoS 1 messages fill the broker's in-flight window (mosquitto: 20)
    /// and it sends nothing more. `nil` without an id (QoS 0) or for 0, which no valid QoS 1
    /// PUBLISH carries (MQTT 3.1.1 §2.3.1), so nothing can wait for it.
    public static func acknowledgement(of packetID: UInt16?) -> MQTTPacket? {
        guard let packetID, packetID != 0 else { return nil }
        return .publishAcknowledgement(packetID: packetID)
    }
}
