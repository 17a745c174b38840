extension NMEAFramer {
    /// Running counts of what the framer has seen, since it was created.
    public struct Statistics: Hashable, Sendable {
        /// Sentences delivered with a valid checksum (or none, when accepted).
        public var sentences = 0
        /// Sentences delivered without a checksum (counted in ``sentences`` too).
        public var sentencesWithoutChecksum = 0
        /// Sentences rejected as ``NMEAError/checksumMismatch(transmitted:computed:)``.
        public var checksumMismatches = 0
        /// Sentences rejected as ``NMEAError/missingChecksum``.
        public var missingChecksums = 0
        /// Sentences rejected as ``NMEAError/malformedChecksum``.
        public var malformedChecksums = 0
        /// Sentences rejected as ``NMEAError/interrupted``.
        public var interruptedSentences = 0
        /// Sentences rejected as ``NMEAError/tooLong``.
        public var overlongSentences = 0
        /// Sentences rejected as ``NMEAError/malformedAddress``.
        public var malformedAddresses = 0
        /// Runs of bytes outside any sentence (binary data, line noise, text
        /// lines that do not start with `$` or `!`), skipped silently.
        public var garbageRuns = 0
        /// Comment lines (starting with `#`, as in capture files), skipped.
        public var comments = 0
        /// Bytes of those garbage runs: outside any sentence, frame or line end.
        public var garbageBytes = 0
        /// UBX frames delivered, their checksum valid.
        public var ubxFrames = 0
        /// UBX frames whose checksum failed: their bytes were framed again after the first.
        public var ubxChecksumFailures = 0
        /// RTCM 3 frames delivered, their CRC valid.
        public var rtcm3Frames = 0
        /// RTCM 3 frames whose CRC failed: their bytes were framed again after the first.
        public var rtcm3ChecksumFailures = 0

        /// Creates zeroed statistics.
        public init() {}

        /// Sentences rejected for any reason.
        public var rejectedSentences: Int {
            checksumMismatches + missingChecksums + malformedChecksums
                + interruptedSentences + overlongSentences + malformedAddresses
        }

        /// A valid frame of `frameProtocol`.
        mutating func recordFrame(of frameProtocol: BinaryFrame.FrameProtocol) {
            switch frameProtocol {
            case .ubx: ubxFrames += 1
            case .rtcm3: rtcm3Frames += 1
            }
        }

        /// A frame of `frameProtocol` whose checksum failed.
        mutating func recordChecksumFailure(of frameProtocol: BinaryFrame.FrameProtocol) {
            switch frameProtocol {
            case .ubx: ubxChecksumFailures += 1
            case .rtcm3: rtcm3ChecksumFailures += 1
            }
        }

        @inline(__always)
        mutating func record(_ result: Result<NMEASentence, NMEAError>) {
            switch result {
            case let .success(sentence):
                // Wrapping: a count cannot reach 2^63, and the overflow check cost a branch a sentence.
                sentences &+= 1
                if !sentence.hasChecksum { sentencesWithoutChecksum &+= 1 }
            case .failure(.checksumMismatch): checksumMismatches += 1
            case .failure(.missingChecksum): missingChecksums += 1
            case .failure(.malformedChecksum): malformedChecksums += 1
            case .failure(.interrupted): interruptedSentences += 1
            case .failure(.tooLong): overlongSentences += 1
            case .failure(.malformedAddress): malformedAddresses += 1
            case .failure(.notASentence), .failure(.unexpectedSentenceType), .failure(.invalidField): break
            }
        }
    }
}
