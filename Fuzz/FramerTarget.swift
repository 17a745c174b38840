import NMEA

/// Frames the input twice, whole and in chunks, and traps unless both give the same sentences,
/// rejections and statistics: the framer promises that splitting never changes its output.
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
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunkLength(start))
            framer.append(UnsafeRawBufferPointer(rebasing: input[start..<end]), record)
            start = end
        }
        framer.finish(record)
        self.outcomes = outcomes
        statistics = framer.statistics
    }
}
