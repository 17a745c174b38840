import MQTT
import Testing

@Suite("MQTT remaining length")
struct RemainingLengthTests {
    @Test("each boundary of one to four bytes encodes as §2.2.3's table says and decodes back", arguments: [
        (0, [0x00]), (127, [0x7F]), (128, [0x80, 0x01]), (16_383, [0xFF, 0x7F]), (16_384, [0x80, 0x80, 0x01]),
        (2_097_151, [0xFF, 0xFF, 0x7F]), (2_097_152, [0x80, 0x80, 0x80, 0x01]), (268_435_455, [0xFF, 0xFF, 0xFF, 0x7F]),
    ] as [(Int, [UInt8])])
    func boundaries(length: Int, bytes: [UInt8]) {
        #expect(RemainingLength.encode(length) == bytes)
        #expect(RemainingLength.decode(bytes) == .length(length, byteCount: bytes.count))
    }

    @Test("a length whose last byte has not arrived is incomplete; a fifth byte is malformed")
    func incompleteAndMalformed() {
        #expect(RemainingLength.decode([UInt8]()) == .incomplete)
        #expect(RemainingLength.decode([0x80, 0x80]) == .incomplete)
        #expect(RemainingLength.decode([0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == .malformed)
    }

    @Test("bytes after the length are not read")
    func trailingBytes() {
        #expect(RemainingLength.decode([0x05, 0xFF, 0xFF]) == .length(5, byteCount: 1))
    }
}
