import NMEA

/// Frames the input twice, whole and in chunks, and traps unless both give the same sentences,
/// rejections, UBX and RTCM 3 frames and statistics: the framer promises that splitting never
/// changes its output. Every binary frame it reports must pass its checksum, computed here
/// apart from the framer's own code.
enum FramerTarget {
    /// The two framings are compared under both checksum policies, the second with a short
    /// limit so that over-long lines straddling chunks are exercised too.
    private static let configurations = [
        NMEAFramer.Configuration(),
        NMEAFramer.Configuration(maximumSentenceLength: 82, acceptsMissingChecksum: true),
    ]

    static func run(_ input: UnsafeRawBufferPointer) {
        for configuration in configurations {
            let whole = Framing(configuration, input, chunkLength: { _ in input.count })
            let chunked = Framing(configuration, input, chunkLength: chunkLength(in: input))
            precondition(whole == chunked, "splitting changed the framer's output")
        }
    }

    /// Each chunk's length is chosen by its first byte (1 to 32 bytes), so a mutation of the input
    /// moves the cuts too and the fuzzer explores both.
    static func chunkLength(in input: UnsafeRawBufferPointer) -> (Int) -> Int {
        { start in 1 + Int(input[start] & 0x1F) }
    }
}

/// What a framer made of one input: every outcome in order, and its statistics.
struct Framing: Equatable {
    enum Outcome: Equatable {
        case sentence([UInt8])
        case rejected(NMEAError)
        case binary([UInt8])
    }

    var outcomes: [Outcome] = []
    var statistics: NMEAFramer.Statistics

    /// Frames `input` in chunks of `chunkLength(start)` bytes, then finishes the stream.
    init(_ configuration: NMEAFramer.Configuration, _ input: UnsafeRawBufferPointer,
         chunkLength: (Int) -> Int) {
        var framer = NMEAFramer(configuration: configuration)
        var outcomes: [Outcome] = []
        let record = { (result: Result<NMEASentence, NMEAError>) in
            switch result {
            case .success(let sentence): outcomes.append(.sentence(Array(sentence.text.utf8)))
            case .failure(let error): outcomes.append(.rejected(error))
            }
        }
        let binary = { (frame: BinaryFrame) in
            precondition(Self.checksumHolds(frame), "a binary frame whose checksum fails")
            outcomes.append(.binary(Array(frame.bytes)))
        }
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunkLength(start))
            framer.append(UnsafeRawBufferPointer(rebasing: input[start..<end]), sentences: record, binary: binary)
            start = end
        }
        framer.finish(sentences: record, binary: binary)
        self.outcomes = outcomes
        statistics = framer.statistics
    }
}

extension Framing {
    /// Whether `frame`'s Fletcher checksum (UBX) or CRC-24Q (RTCM 3) holds, bit by bit.
    static func checksumHolds(_ frame: BinaryFrame) -> Bool {
        let bytes = Array(frame.bytes)
        switch frame.frameProtocol {
        case .ubx:
            guard bytes.count >= 8, bytes[0] == 0xB5, bytes[1] == 0x62,
                  Int(bytes[4]) | Int(bytes[5]) << 8 == bytes.count - 8 else { return false }
            var (a, b): (UInt8, UInt8) = (0, 0)
            for byte in bytes[2..<bytes.count - 2] {
                a &+= byte
                b &+= a
            }
            return bytes[bytes.count - 2] == a && bytes[bytes.count - 1] == b
        case .rtcm3:
            guard bytes.count >= 6, bytes[0] == 0xD3, bytes[1] & 0xFC == 0,
                  Int(bytes[1]) << 8 | Int(bytes[2]) == bytes.count - 6 else { return false }
            var crc: UInt32 = 0
            for byte in bytes[..<(bytes.count - 3)] {
                crc ^= UInt32(byte) << 16
                for _ in 0..<8 {
                    crc <<= 1
                    if crc & 0x100_0000 != 0 { crc ^= 0x186_4CFB }
                }
            }
            let sent = UInt32(bytes[bytes.count - 3]) << 16 | UInt32(bytes[bytes.count - 2]) << 8 | UInt32(bytes[bytes.count - 1])
            return crc & 0xFF_FFFF == sent
        }
    }
}
