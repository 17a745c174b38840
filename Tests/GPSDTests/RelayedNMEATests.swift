import Testing
@testable import GPSD

/// What a gpsd source hands on as `.bytes`: the relayed sentences, byte for byte, without
/// gpsd's own JSON lines.
@Suite("The NMEA gpsd relays")
struct RelayedNMEATests {
    private let watch = Array(("{\"class\":\"VERSION\",\"release\":\"3.22\"}\r\n{\"class\":\"DEVICES\",\"devices\":[]}\r\n"
        + "$GPGGA,1*00\r\n{\"class\":\"WATCH\",\"nmea\":true}\r\n$GPRMC,2*00\r\n$GPGSA,{3}*00\r\n").utf8)

    @Test("gpsd's JSON lines are left out, the sentences kept as they came, whatever the reads' sizes", arguments: [1, 3, 17, 4096])
    func keepsSentences(chunk size: Int) {
        var relayed = RelayedNMEA()
        var kept: [UInt8] = []
        for start in stride(from: 0, to: watch.count, by: size) {
            kept += relayed.bytes(of: Array(watch[start..<min(start + size, watch.count)]))
        }
        #expect(String(decoding: kept, as: UTF8.self) == "$GPGGA,1*00\r\n$GPRMC,2*00\r\n$GPGSA,{3}*00\r\n")
    }

    @Test("a read holding only gpsd's JSON keeps nothing")
    func onlyJSON() {
        var relayed = RelayedNMEA()
        #expect(relayed.bytes(of: Array("{\"class\":\"VERSION\"}\r\n".utf8)).isEmpty)
    }
}
