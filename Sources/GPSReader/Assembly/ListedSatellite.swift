import NMEA

/// A satellite a GSA sentence listed as used in the fix, as the sentence numbered it: its
/// talker and the number in the list, before any system ID at the end of the sentence is
/// applied, so that a consumer may number it as another implementation does (gpsd 3.22 reads
/// a `GN` list by its numbers alone).
public struct ListedSatellite: Hashable, Sendable {
    /// The talker of the GSA sentence (`GP`, `GN`, `GL`...).
    public var talker: Talker
    /// The satellite's number as listed, 1 or more.
    public var id: Int

    /// A listed satellite.
    public init(talker: Talker, id: Int) {
        self.talker = talker
        self.id = id
    }
}
