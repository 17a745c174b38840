import NMEA

/// Where a satellite of an epoch's view was listed: the talker of its GSV sentence and the
/// sentence's number in its sequence (1 for the first), so that a consumer may number the
/// satellite as another implementation does (gpsd 3.22 reads the satellites of a sequence's
/// later sentences by their talker alone).
public struct SatelliteListing: Hashable, Sendable {
    /// The talker of the GSV sentence (`GP`, `GL`, `GB`...).
    public var talker: Talker
    /// The sentence's number in its sequence, 1 or more.
    public var sentence: Int

    /// A listing.
    public init(talker: Talker, sentence: Int) {
        self.talker = talker
        self.sentence = sentence
    }
}
