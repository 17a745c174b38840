import MQTT
import Testing

@Suite("MQTT packet framing")
struct PacketFramerTests {
    private let stream = MQTTPacket.connectAcknowledgement(sessionPresent: false, returnCode: .accepted).encoded()
        + MQTTPacket.publish(MQTTMessage(topic: "a", payload: Array(repeating: 7, count: 300)), packetID: 9, duplicate: false).encoded()
        + MQTTPacket.pingResponse.encoded()

    @Test("packets come out whole and in order whatever the chunks", arguments: [1, 2, 7, 4096])
    func chunks(size: Int) throws {
        var framer = PacketFramer()
        var packets: [PacketFramer.Output] = []
        var offset = 0
        while offset < stream.count {
            try framer.append(stream[offset..<min(offset + size, stream.count)]) { packets.append($0) }
            offset += size
        }
        #expect(packets.count == 3)
        #expect(packets.first == .packet(.connectAcknowledgement(sessionPresent: false, returnCode: .accepted)))
        #expect(packets.last == .packet(.pingResponse))
    }

    @Test("a packet over the limit is reported once and skipped as it arrives; the packets after it still come")
    func oversized() throws {
        var framer = PacketFramer(maximumPacketSize: 64)
        var packets: [PacketFramer.Output] = []
        for start in stride(from: 0, to: stream.count, by: 10) {
            try framer.append(stream[start..<min(start + 10, stream.count)]) { packets.append($0) }
        }
        #expect(packets.count == 3)
        #expect(packets[1] == .oversized(type: 3, length: 305, publish: SkippedPublish(topic: "a", qos: .atLeastOnce, packetID: 9)))
        #expect(packets[2] == .packet(.pingResponse))
    }

    @Test("a 10 MB message streamed through in 16 KiB chunks is never held: the framer keeps at most one chunk")
    func hugeMessageIsNotHeld() throws {
        var framer = PacketFramer(maximumPacketSize: 17 * 1024)
        let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
        let huge = MQTTPacket.publish(MQTTMessage(topic: "fleet/car", payload: payload), packetID: 1, duplicate: false).encoded()
        let stream = huge + MQTTPacket.pingResponse.encoded()
        var outputs: [PacketFramer.Output] = []
        var largestHeld = 0
        for start in stride(from: 0, to: stream.count, by: 16 * 1024) {
            try framer.append(stream[start..<min(start + 16 * 1024, stream.count)]) { outputs.append($0) }
            largestHeld = max(largestHeld, framer.heldBytes)
        }
        let header = SkippedPublish(topic: "fleet/car", qos: .atLeastOnce, packetID: 1)
        #expect(outputs == [.oversized(type: 3, length: huge.count - 5, publish: header), .packet(.pingResponse)])
        #expect(largestHeld <= 16 * 1024)
    }

    @Test("a skipped PUBLISH whose topic is longer than the limit is held only to the end of its header, then acknowledgeable")
    func longTopicHeaderIsKept() throws {
        var framer = PacketFramer(maximumPacketSize: 64)
        let topic = String(repeating: "t", count: 1000)
        let publish = MQTTPacket.publish(
            MQTTMessage(topic: topic, payload: Array(repeating: 1, count: 100_000)), packetID: 513, duplicate: false).encoded()
        var outputs: [PacketFramer.Output] = []
        var largestHeld = 0
        for start in stride(from: 0, to: publish.count, by: 100) {
            try framer.append(publish[start..<min(start + 100, publish.count)]) { outputs.append($0) }
            largestHeld = max(largestHeld, framer.heldBytes)
        }
        #expect(outputs == [.oversized(type: 3, length: publish.count - 4, publish: SkippedPublish(topic: topic, qos: .atLeastOnce, packetID: 513))])
        #expect(largestHeld < 1000 + 100)
    }

    @Test("a PUBLISH whose topic is not UTF-8 is undecodable, its packet id still read so it can be acknowledged")
    func undecodablePublishKeepsItsID() throws {
        var framer = PacketFramer()
        var outputs: [PacketFramer.Output] = []
        // QoS 1, topic 0xFF 0xFE, packet id 0x0102, payload "x".
        try framer.append([0x32, 7, 0, 2, 0xFF, 0xFE, 1, 2, UInt8(ascii: "x")]) { outputs.append($0) }
        guard case .undecodable(.malformed(type: 3), let publish) = outputs.first else {
            Issue.record("not undecodable: \(outputs)")
            return
        }
        #expect(publish?.packetID == 0x0102)
        #expect(publish?.qos == .atLeastOnce)
    }

    @Test("a remaining length of five bytes breaks the stream")
    func broken() {
        var framer = PacketFramer()
        #expect(throws: PacketFramer.BrokenStream.self) { try framer.append([0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) { _ in } }
    }
}
