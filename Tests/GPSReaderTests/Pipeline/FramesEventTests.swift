import GPSReader
import Testing
import TestSupport

/// `.frames`: what a source's one framer found, handed to the outputs with the bytes.
@Suite("Frames as events")
struct FramesEventTests {
    private static let gga = sentence("GPGGA,100000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,")
    private static let rmc = sentence("GPRMC,100000.00,A,4807.0380,N,01134.5312,E,0.0,0.0,010625,,,A")
    /// A UBX ACK-ACK, checksum valid.
    private static let ack: [UInt8] = [0xB5, 0x62, 0x05, 0x01, 0x02, 0x00, 0x06, 0x8A, 0x98, 0xC1]

    /// The events `chunks` make, said as a source says them, with each frame's kind and text.
    private static func events(_ chunks: [[UInt8]]) -> [String] {
        let stream = EpochStream()
        var said: [String] = []
        for chunk in chunks {
            stream.say(chunk) { event in
                switch event {
                case .bytes(let bytes): said.append("bytes \(bytes.count)")
                case .frames(let frames):
                    said += frames.map { frame in
                        frame.kind == .nmea ? String(decoding: frame.bytes, as: UTF8.self) : "\(frame.kind) \(frame.bytes.count)"
                    }
                case .epoch: said.append("epoch")
                default: said.append("other")
                }
            }
        }
        return said
    }

    @Test("each chunk's bytes, then the frames it completed in order (sentences without their line end), each epoch after them")
    func order() {
        let first = Array(Self.gga.utf8) + Self.ack + Array(Self.rmc.utf8)
        let said = Self.events([first, Array(sentence("GPGGA,100001.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,").utf8)])
        #expect(said.prefix(4) == ["bytes \(first.count)", Self.gga.dropLast(1).description, "ubx 10", Self.rmc.dropLast(1).description])
        #expect(said.count == 7 && said[4].hasPrefix("bytes") && said[5].hasPrefix("$GPGGA,100001") && said[6] == "epoch", "\(said)")
    }

    @Test("a chunk that completes two epochs says each after the frames that came before it")
    func epochsBetweenFrames() {
        let cycles = (0..<3).map { second in
            Array(sentence("GPGGA,10000\(second).00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,").utf8)
                + Array(sentence("GPRMC,10000\(second).00,A,4807.0380,N,01134.5312,E,0.0,0.0,010625,,,A").utf8)
        }
        let said = Self.events([cycles.flatMap { $0 }]).map { $0.hasPrefix("$") ? String($0.prefix(13)) : $0 }
        // The first epoch ends at the next one's GGA (the cycle is not learned yet); once it is,
        // RMC ends each epoch.
        #expect(said == [
            "bytes 417", "$GPGGA,100000", "$GPRMC,100000", "$GPGGA,100001", "epoch",
            "$GPRMC,100001", "epoch", "$GPGGA,100002", "$GPRMC,100002", "epoch",
        ])
    }

    @Test("a sentence and a frame split across reads come whole with the chunk that completes them, once")
    func splitFrames() {
        let stream = Array(Self.gga.utf8) + Self.ack + Array(Self.rmc.utf8)
        for cut in 1..<stream.count {
            let said = Self.events([Array(stream[..<cut]), Array(stream[cut...])]).filter { !$0.hasPrefix("bytes") }
            #expect(said == [Self.gga.dropLast(1).description, "ubx 10", Self.rmc.dropLast(1).description], "cut at \(cut)")
        }
    }
}
