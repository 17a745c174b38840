/// The receiver's verdict on its fix: the status field of the NMEA RMC sentence (`A` or `V`).
///
/// As gpsd does, `invalid` means no fix even when the sentence carries coordinates.
public enum FixStatus: Hashable, Sendable {
    /// `A` (active): the receiver considers the fix valid.
    case valid
    /// `V` (void): the receiver has no valid fix; the position is stale or made up.
    case invalid
}
