import GNSS
import TestSupport
import Testing
import UBX

@Suite("UBX frames and messages")
struct UBXFrameTests {
    @Test("A poll is the message's header and checksum, as ubxtool writes it")
    func pollsMatchUbxtool() {
        #expect(UBXFrame.poll(.cfgRATE) == [0xB5, 0x62, 0x06, 0x08, 0x00, 0x00, 0x0E, 0x30])
        #expect(UBXFrame.poll(.monVER) == [0xB5, 0x62, 0x0A, 0x04, 0x00, 0x00, 0x0E, 0x34])
        #expect(UBXFrame.poll(.navPVT) == [0xB5, 0x62, 0x01, 0x07, 0x00, 0x00, 0x08, 0x19])
    }

    @Test("An encoded frame agrees with the tests' bit-by-bit builder and decodes back")
    func encodedFrameRoundTrips() throws {
        let payload: [UInt8] = [0xC8, 0x00, 0x01, 0x00, 0x01, 0x00]
        let frame = UBXFrame.encode(.cfgRATE, payload: payload)
        #expect(frame == BinaryFrames.ubx(0x06, 0x08, payload))
        try frame.withUnsafeBytes { bytes in
            let message = try #require(UBXMessage(frame: bytes))
            #expect(message.id == .cfgRATE)
            #expect(message.u2(0) == 200)
            #expect(message.u2(2) == 1)
        }
    }

    @Test("A frame whose checksum or length field lies is no message")
    func lyingFramesAreRefused() {
        var frame = UBXFrame.encode(.navEOE, payload: [1, 2, 3, 4])
        frame[frame.count - 1] ^= 1
        #expect(frame.withUnsafeBytes { UBXMessage(frame: $0) } == nil)
        var long = UBXFrame.encode(.navEOE, payload: [1, 2, 3, 4])
        long[4] = 5
        #expect(long.withUnsafeBytes { UBXMessage(frame: $0) } == nil)
    }

    @Test("A payload shorter than a message needs is an error naming the message")
    func shortPayloadIsAnError() {
        [UInt8](repeating: 0, count: 10).withUnsafeBytes { payload in
            let message = UBXMessage(id: .navPVT, payload: payload)
            #expect(throws: UBXError.payloadLength(.navPVT, expected: 92, actual: 10)) { try message.require(92) }
        }
    }

    @Test("Fields are little-endian and signed where the description says")
    func fieldsAreLittleEndian() {
        ([0x01, 0x02, 0x03, 0x04, 0xFF, 0xFF, 0xFF, 0xFF] as [UInt8]).withUnsafeBytes { payload in
            let message = UBXMessage(id: .navPVT, payload: payload)
            #expect(message.u4(0) == 0x0403_0201)
            #expect(message.i4(4) == -1)
            #expect(message.i2(4) == -1)
            #expect(message.u2(1) == 0x0302)
            #expect(message.i1(7) == -1)
        }
    }

    @Test("Messages are named as u-blox names them, or by class and hex id")
    func names() {
        #expect(UBXMessageID.navPVT.description == "NAV-PVT")
        #expect(UBXMessageID(0x01, 0x3D).description == "NAV-EELL")
        #expect(UBXMessageID(0x01, 0x3C).description == "NAV-3C")
        #expect(UBXMessageID(0x42, 0x15).description == "42-15")
    }

    @Test("CRC-24Q of RTCM 3 agrees with the tests' bit-by-bit builder")
    func crc24q() {
        let frame = BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1005, length: 19))
        let crc = CRC24Q.of(frame.dropLast(3))
        #expect(crc == UInt32(frame[frame.count - 3]) << 16 | UInt32(frame[frame.count - 2]) << 8 | UInt32(frame[frame.count - 1]))
    }
}
