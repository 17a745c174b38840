import NMEA
import UBX

extension FixAssembler {
    /// What the assembler made of the sentences it was given, so that a receiver's mess is
    /// counted rather than silently dropped.
    public struct Statistics: Hashable, Sendable {
        /// Sentences of a type that goes into an epoch, decoded and merged.
        public var sentencesDecoded = 0
        /// Sentences rejected by their decoder (a strict field that cannot be right); each cost
        /// only itself.
        public var sentencesRejected = 0
        /// Optional fields that were malformed and read as absent, in the decoded sentences
        /// (see `NMEASentenceDecodable.malformedFields`).
        public var malformedFields = 0
        /// Epochs reported.
        public var epochs = 0
        /// UBX messages of a kind that goes into an epoch, decoded and merged.
        public var ubxMessagesDecoded = 0
        /// UBX messages rejected by their decoder (a payload too short for the message).
        public var ubxMessagesRejected = 0
        /// UBX messages of a kind no epoch is made of (configuration answers, raw measurements,
        /// messages this package does not read): counted and skipped.
        public var ubxMessagesSkipped = 0

        /// Counts of zero.
        public init() {}
    }

    /// Decodes `sentence` as `Decoded`, counting the outcome; `nil` when the decoder rejects it.
    mutating func decode<Decoded: NMEASentenceDecodable>(_ sentence: NMEASentence, as _: Decoded.Type) -> Decoded? {
        guard let decoded = try? Decoded(sentence) else {
            statistics.sentencesRejected += 1
            return nil
        }
        statistics.sentencesDecoded += 1
        statistics.malformedFields += decoded.malformedFields.count
        return decoded
    }
}

extension FixAssembler {
    /// Decodes `message` as `Decoded`, counting the outcome; `nil` when the decoder rejects it.
    mutating func decode<Decoded: UBXMessageDecodable>(_ message: UBXMessage, as _: Decoded.Type) -> Decoded? {
        guard let decoded = try? Decoded(message) else {
            statistics.ubxMessagesRejected += 1
            return nil
        }
        statistics.ubxMessagesDecoded += 1
        return decoded
    }
}
