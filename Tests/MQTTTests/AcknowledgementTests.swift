import MQTT
import Testing

/// Which PUBLISHes a client acknowledges, whether read, skipped, undecodable or dropped.
@Suite("PUBACKs owed")
struct AcknowledgementTests {
    @Test("a QoS 1 PUBLISH is acknowledged with its packet id")
    func acknowledged() {
        #expect(MQTTPacket.acknowledgement(of: 1) == .publishAcknowledgement(packetID: 1))
        #expect(MQTTPacket.acknowledgement(of: 65_535) == .publishAcknowledgement(packetID: 65_535))
    }

    @Test("packet id 0, invalid at QoS 1, and no packet id (QoS 0) get no PUBACK")
    func notAcknowledged() {
        #expect(MQTTPacket.acknowledgement(of: 0) == nil)
        #expect(MQTTPacket.acknowledgement(of: nil) == nil)
    }
}
