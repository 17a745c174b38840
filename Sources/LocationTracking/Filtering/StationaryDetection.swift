/// When a receiver counts as standing still, for `LocationUpdate.isStationary`
/// (CoreLocation's `CLLocationUpdate.isStationary`).
///
/// Stillness begins once fixes have stayed close to where it started for `duration`, each no
/// faster than `maximumSpeed`; a fix that is faster, or farther from that first fix than
/// `radius` plus both fixes' `horizontalAccuracy`, ends it (two fixes of a receiver that does not
/// move differ by up to their errors). A fix without a speed is judged by its position alone,
/// one without an accuracy by `radius` alone. Time is the fixes' receiver `timestamp`, or for
/// fixes without one, when they arrived.
public struct StationaryDetection: Hashable, Sendable {
    /// The fastest speed over ground that counts as still, in metres per second; default 0.5
    /// (a receiver at rest reports a few tenths at most).
    public var maximumSpeed: Double

    /// How far in metres a fix may be from where stillness started, beyond the two fixes'
    /// accuracies; default 5.
    public var radius: Double

    /// How long fixes must stay still before stillness begins; default 10 seconds.
    public var duration: Duration

    /// Criteria for stillness; the defaults suit a vehicle or a person with a consumer receiver.
    ///
    /// - Parameters:
    ///   - maximumSpeed: Metres per second.
    ///   - radius: Metres.
    ///   - duration: How long.
    public init(maximumSpeed: Double = 0.5, radius: Double = 5, duration: Duration = .seconds(10)) {
        self.maximumSpeed = maximumSpeed
        self.radius = radius
        self.duration = duration
    }
}
