/// Something a fix changed about a monitored region: its first state, an entry or an exit.
public struct RegionEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The region's first state, `.inside` or `.outside` (never `.unknown`): the first fix
        /// considered after monitoring began, as CLMonitor reports a condition's initial state.
        /// It is not an entry or an exit.
        case determined(RegionState)
        /// A fix inside (within the radius) after the region was outside.
        case entered
        /// A fix outside by more than the exit margin (see `RegionHysteresis`) after the region
        /// was inside.
        case exited
    }

    /// The region.
    public var region: CircularRegion

    /// What happened.
    public var kind: Kind

    /// The fix that caused it.
    public var location: Location

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - region: The region.
    ///   - kind: What happened.
    ///   - location: The fix that caused it.
    public init(region: CircularRegion, kind: Kind, location: Location) {
        self.region = region
        self.kind = kind
        self.location = location
    }

    /// The region's state after the event: `.inside` after an entry, `.outside` after an exit.
    public var state: RegionState {
        switch kind {
        case .determined(let state): state
        case .entered: .inside
        case .exited: .outside
        }
    }
}
