extension LocationFilter {
    /// What `LocationFilter.consider(_:arrival:)` decided about one fix.
    public struct Outcome: Hashable, Sendable {
        /// Why a fix is delivered or held back.
        public enum Verdict: Hashable, Sendable {
            /// Delivered: `update` holds it.
            case delivered
            /// Held back: worse than the desired accuracy, or without an estimate while one is
            /// desired. It changed no region.
            case inaccurate
            /// Held back: closer than the distance filter to the last fix delivered.
            case withinDistanceFilter
            /// Held back: the receiver stands still, as an earlier update said.
            case stationary
        }

        /// Why.
        public var verdict: Verdict

        /// The update to deliver; `nil` unless `verdict` is `.delivered`.
        public var update: LocationUpdate?

        /// What the fix changed about the monitored regions, in their order; empty for an
        /// inaccurate fix.
        public var regionEvents: [RegionEvent]

        /// Creates an outcome.
        ///
        /// - Parameters:
        ///   - verdict: Why the fix is delivered or held back.
        ///   - update: The update, when delivered.
        ///   - regionEvents: The region events.
        public init(verdict: Verdict, update: LocationUpdate?, regionEvents: [RegionEvent]) {
            self.verdict = verdict
            self.update = update
            self.regionEvents = regionEvents
        }
    }
}
