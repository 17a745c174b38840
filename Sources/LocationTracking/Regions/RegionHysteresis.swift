/// How far outside a region a fix must be before the region is exited, so that fixes jittering
/// on the boundary do not flap between inside and outside.
///
/// An entry needs a fix within the radius; an exit needs one farther than the radius plus
/// `exitMargin(forAccuracy:)`, which grows with the fix's uncertainty: a fix with a large
/// error cannot tell that the receiver left.
public struct RegionHysteresis: Hashable, Sendable {
    /// The least margin in metres, whatever the accuracy; default 5 m.
    public var minimumMargin: Double

    /// How many times the fix's `horizontalAccuracy` the margin is at least; default 2. An
    /// accuracy is about one standard deviation (68 %), so twice it puts a fix that only
    /// jittered outside well under 5 % of the time.
    public var accuracyMultiple: Double

    /// The accuracy in metres assumed for a fix that has none (a receiver that sends no HDOP);
    /// default 7.5 m, autonomous GPS at HDOP 1 (`Location.userEquivalentRangeError(for: .gps)`).
    public var assumedAccuracy: Double

    /// A hysteresis; the defaults are what `RegionMonitor` uses.
    ///
    /// - Parameters:
    ///   - minimumMargin: The least margin in metres.
    ///   - accuracyMultiple: The margin's multiple of the fix's accuracy.
    ///   - assumedAccuracy: Metres assumed when a fix has no accuracy.
    public init(minimumMargin: Double = 5, accuracyMultiple: Double = 2, assumedAccuracy: Double = 7.5) {
        self.minimumMargin = minimumMargin
        self.accuracyMultiple = accuracyMultiple
        self.assumedAccuracy = assumedAccuracy
    }

    /// The margin in metres beyond the radius an exit needs:
    /// `max(minimumMargin, accuracyMultiple × (accuracy ?? assumedAccuracy))`.
    ///
    /// - Parameter accuracy: The fix's `horizontalAccuracy` in metres; `nil`, NaN or a
    ///   negative value counts as unknown.
    /// - Returns: Metres, never negative.
    public func exitMargin(forAccuracy accuracy: Double?) -> Double {
        let known = accuracy.flatMap { $0 >= 0 ? $0 : nil } ?? assumedAccuracy
        return max(0, minimumMargin, accuracyMultiple * known)
    }
}
