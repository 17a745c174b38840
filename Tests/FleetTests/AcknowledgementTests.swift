import Fleet
import MQTT
import Testing

/// Which PUBLISHes a followed topic acknowledges, whether read, skipped or undecodable.
@Suite("A topic source's PUBACKs")
struct AcknowledgementTests {
    @Test("a QoS 1 PUBLISH is acknowledged with its packet id")
    func acknowledged() {
        #expect(MQTTTopicSource.acknowledgement(of: 1) == .publishAcknowledgement(packetID: 1))
        #expect(MQTTTopicSource.acknowledgement(of: 65_535) == .publishAcknowledgement(packetID: 65_535))
    }

    @Test("packet id 0, invalid at QoS 1, and no packet id (QoS 0) get no PUBACK")
    func notAcknowledged() {
        #expect(MQTTTopicSource.acknowledgement(of: 0) == nil)
        #expect(MQTTTopicSource.acknowledgement(of: nil) == nil)
    }
}
