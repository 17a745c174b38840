extension NMEAFramer {
    /// How strict the framer is.
    public struct Configuration: Hashable, Sendable {
        /// The longest sentence accepted, in bytes from `$` through the checksum
        /// (the line end is not counted). Longer ones are discarded and reported
        /// as ``NMEAError/tooLong``.
        ///
        /// The standard allows 82 bytes including the line end, but real
        /// receivers send 90 and more (proprietary sentences over 200), so the
        /// default is 256. Must be at least 4.
        public var maximumSentenceLength: Int

        /// Whether a sentence without a `*hh` checksum is delivered
        /// (with ``NMEASentence/hasChecksum`` false) instead of being rejected
        /// as ``NMEAError/missingChecksum``. Off by default: without a checksum
        /// a line damaged on the wire cannot be told from a good one.
        public var acceptsMissingChecksum: Bool

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - maximumSentenceLength: Bytes from `$` through the checksum; at least 4.
        ///   - acceptsMissingChecksum: Whether sentences without a checksum pass.
        public init(maximumSentenceLength: Int = 256, acceptsMissingChecksum: Bool = false) {
            precondition(maximumSentenceLength >= 4, "a sentence needs at least `$A*hh`")
            self.maximumSentenceLength = maximumSentenceLength
            self.acceptsMissingChecksum = acceptsMissingChecksum
        }
    }
}
