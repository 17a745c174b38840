import GPSReader
import LocationTracking

/// One epoch of a capture as the exports and the report see it: the receiver's report, when it
/// came, the fix state after it (`LocationTracking`'s `LocationState`: acquiring, located,
/// lost), and the track segment its fix belongs to.
public struct TrackEpoch: Sendable {
    /// What the receiver said.
    public var report: EpochReport
    /// Seconds since the capture's first epoch, by the receiver's clock.
    public var seconds: Double
    /// The fix state after this epoch.
    public var state: LocationState
    /// When the fix was lost before this epoch (seconds since the first epoch); `nil` when it
    /// was not.
    public var lostAt: Double?
    /// The segment (0, 1...) of the track this epoch's fix belongs to: a new one begins at the
    /// first fix after each loss of fix. `nil` for an epoch without a valid fix.
    public var segment: Int?

    /// The epoch's fix when it is a valid one (`Location.isValidFix`).
    public var fix: Location? {
        segment == nil ? nil : report.location
    }
}
