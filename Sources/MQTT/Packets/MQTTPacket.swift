/// The MQTT 3.1.1 control packets this client sends and understands. QoS 2's PUBREC, PUBREL and
/// PUBCOMP and UNSUBSCRIBE are not among them (see `QualityOfService`).
public enum MQTTPacket: Hashable, Sendable {
    /// CONNECT (type 1): the first packet of a connection.
    case connect(ConnectRequest)
    /// CONNACK (type 2): the broker's answer; `sessionPresent` when it kept a session.
    case connectAcknowledgement(sessionPresent: Bool, returnCode: ConnectReturnCode)
    /// PUBLISH (type 3): a message; `packetID` for QoS 1, 1 to 65,535 (`MQTTConnection.makePacketID()`;
    /// nil for QoS 0), `duplicate` when resent.
    case publish(MQTTMessage, packetID: UInt16?, duplicate: Bool)
    /// PUBACK (type 4): the QoS 1 message with this id has arrived.
    case publishAcknowledgement(packetID: UInt16)
    /// SUBSCRIBE (type 8): topic filters (`+` and `#` wildcards) with the QoS wanted for each.
    case subscribe(packetID: UInt16, filters: [TopicSubscription])
    /// SUBACK (type 9): the QoS granted per filter, `nil` where the broker refused it (0x80).
    case subscribeAcknowledgement(packetID: UInt16, granted: [QualityOfService?])
    /// PINGREQ (type 12): "still here"; the broker answers PINGRESP.
    case pingRequest
    /// PINGRESP (type 13).
    case pingResponse
    /// DISCONNECT (type 14): the client leaves on purpose; the broker discards its will.
    case disconnect

    /// The packet type, the high nibble of the first byte.
    public var type: UInt8 {
        switch self {
        case .connect: 1
        case .connectAcknowledgement: 2
        case .publish: 3
        case .publishAcknowledgement: 4
        case .subscribe: 8
        case .subscribeAcknowledgement: 9
        case .pingRequest: 12
        case .pingResponse: 13
        case .disconnect: 14
        }
    }
}
