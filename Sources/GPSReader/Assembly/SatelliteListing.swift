import NMEA

/// Where a satellite of an epoch's view was listed: the talker of its GSV sentence, the
/// sentence's number in its sequence (1 for the first) and whether another sentence than a GSV
/// came before its sequence, so that a consumer may number and gather the satellites as
/// another implementation does (gpsd 3.22 reads the satellites of a sequence's later sentences
/// by their talker alone, and starts its list afresh at a sequence after another sentence).
public struct SatelliteListing: Hashable, Sendable {
    /// The talker of the GSV sentence (`GP`, `GL`, `GB`...).
    public var talker: Talker
    /// The sentence's number in its sequence, 1 or more.
    public var sentence: Int

    /// Whether the sentence before the sequence's first was not a GSV: the sequence opens the
    /// epoch's listing of the sky rather than following another constellation's or signal's.
    public var opensListing: Bool

    /// A listing.
    public init(talker: Talker, sentence: Int, opensListing: Bool = false) {
        self.talker = talker
        self.sentence = sentence
        self.opensListing = opensListing
    }
}
