import MQTT
import Testing

@Suite("MQTT packets")
struct PacketCodingTests {
    @Test("CONNECT carries protocol MQTT level 4, the flags, keep-alive, client id, will, user and password in order")
    func connectBytes() {
        let will = MQTTMessage(topic: "t", payload: Array("x".utf8), qos: .atLeastOnce, retain: true)
        let request = ConnectRequest(clientID: "id", cleanSession: true, keepAliveSeconds: 60, username: "u", password: "p", will: will)
        let bytes = MQTTPacket.connect(request).encoded()
        let expected: [UInt8] = [
            0x10, 26,  // CONNECT, remaining length
            0, 4, 0x4D, 0x51, 0x54, 0x54, 4,  // "MQTT", level 4
            0b1110_1110,  // user, password, will retain, will QoS 1, will, clean session
            0, 60,  // keep-alive
            0, 2, 0x69, 0x64,  // "id"
            0, 1, 0x74, 0, 1, 0x78,  // will topic "t", will payload "x"
            0, 1, 0x75, 0, 1, 0x70,  // "u", "p"
        ]
        #expect(bytes == expected)
    }

    @Test("every packet decodes back to itself", arguments: [
        MQTTPacket.connect(ConnectRequest(clientID: "gps-car", cleanSession: false, keepAliveSeconds: 30)),
        .connect(ConnectRequest(clientID: "c", username: "alice", password: "secret",
                                will: MQTTMessage(topic: "owntracks/a/b", payload: [1, 2, 3]))),
        .connectAcknowledgement(sessionPresent: true, returnCode: .accepted),
        .connectAcknowledgement(sessionPresent: false, returnCode: .badUsernameOrPassword),
        .publish(MQTTMessage(topic: "a/b", payload: Array("hello".utf8), qos: .atMostOnce, retain: true), packetID: nil, duplicate: false),
        .publish(MQTTMessage(topic: "a/b", payload: [], qos: .atLeastOnce), packetID: 513, duplicate: true),
        .publishAcknowledgement(packetID: 65_535),
        .subscribe(packetID: 7, filters: [TopicSubscription(filter: "fleet/+/car"), TopicSubscription(filter: "x/#", qos: .atMostOnce)]),
        .subscribeAcknowledgement(packetID: 7, granted: [.atLeastOnce, nil]),
        .pingRequest, .pingResponse, .disconnect,
    ])
    func roundTrip(packet: MQTTPacket) throws {
        let bytes = packet.encoded()
        guard case .length(let length, let fieldSize) = RemainingLength.decode(bytes[1...]) else {
            Issue.record("no remaining length")
            return
        }
        #expect(bytes.count == 1 + fieldSize + length)
        #expect(try MQTTPacket(firstByte: bytes[0], body: bytes[(1 + fieldSize)...]) == packet)
    }

    @Test("PUBLISH sets DUP, QoS and RETAIN in the first byte's flags; SUBSCRIBE's flags are 0010")
    func flags() {
        let message = MQTTMessage(topic: "t", payload: [], qos: .atLeastOnce, retain: true)
        #expect(MQTTPacket.publish(message, packetID: 1, duplicate: true).encoded()[0] == 0x3B)
        #expect(MQTTPacket.publish(message, packetID: 1, duplicate: false).encoded()[0] == 0x33)
        #expect(MQTTPacket.subscribe(packetID: 1, filters: [TopicSubscription(filter: "t")]).encoded()[0] == 0x82)
        #expect(MQTTPacket.pingRequest.encoded() == [0xC0, 0x00])
        #expect(MQTTPacket.disconnect.encoded() == [0xE0, 0x00])
    }

    @Test("a body too short for its type, an unknown return code or QoS 2's types are decoding errors")
    func malformed() {
        #expect(throws: MQTTPacket.DecodingError.malformed(type: 2)) { try MQTTPacket(firstByte: 0x20, body: [0][...]) }
        #expect(throws: MQTTPacket.DecodingError.malformed(type: 2)) { try MQTTPacket(firstByte: 0x20, body: [0, 9][...]) }
        #expect(throws: MQTTPacket.DecodingError.malformed(type: 4)) { try MQTTPacket(firstByte: 0x40, body: [0, 1, 2][...]) }
        #expect(throws: MQTTPacket.DecodingError.unsupportedType(5)) { try MQTTPacket(firstByte: 0x50, body: [0, 1][...]) }
        #expect(throws: MQTTPacket.DecodingError.malformed(type: 3)) { try MQTTPacket(firstByte: 0x30, body: [0, 9, 0x61][...]) }
    }
}
