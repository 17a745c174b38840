extension LocationFilter {
    /// How many fixes a `LocationFilter` delivered and held back, and why.
    public struct Counts: Hashable, Sendable {
        /// Fixes delivered.
        public var delivered = 0
        /// Fixes held back as less accurate than desired (or without an estimate).
        public var inaccurate = 0
        /// Fixes held back as too close to the last one delivered.
        public var withinDistanceFilter = 0
        /// Fixes held back while the receiver stood still.
        public var whileStationary = 0

        /// Counts of zero.
        public init() {}
    }
}
