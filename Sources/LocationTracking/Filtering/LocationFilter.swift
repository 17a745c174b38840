/// CoreLocation's filters as one value: which fixes reach a screen (desired accuracy, distance
/// filter, stillness) and what they change about monitored regions.
///
/// `AppLocationManager` keeps one and applies it to each good fix; code that reads fixes
/// itself (`gps replay` into a pipe, a recorder) keeps its own and gets the same decisions.
/// Every setting defaults to off: a filter made with `LocationFilter()` delivers every fix.
///
/// A fix goes through, in order:
/// 1. **Desired accuracy.** A fix whose `horizontalAccuracy` is worse than `desiredAccuracy`
///    goes no further: it is not delivered, it changes no region and no stillness, and it is
///    counted (`counts.inaccurate`). A fix without an accuracy estimate fails any desired
///    accuracy: what is unknown cannot be shown to be good enough.
/// 2. **Regions.** Every accurate fix goes to `regions`, whatever the distance filter or
///    stillness decide about delivering it, so no crossing is missed.
/// 3. **Stillness**, when `stationaryDetection` is set: the fix where stillness begins is
///    delivered, flagged `isStationary`, then none until the fix where it ends, which is
///    delivered too; both regardless of the distance filter, as they are news.
/// 4. **Distance filter.** Otherwise a fix is delivered when it is at least `distanceFilter`
///    metres (geodesic) from the last one delivered; the first is always delivered.
///
/// ```swift
/// var filter = LocationFilter(desiredAccuracy: 20, distanceFilter: 10, regions: [home])
/// let outcome = filter.consider(fix)
/// if let update = outcome.update { show(update.location) }
/// for event in outcome.regionEvents { show(event) }
/// ```
public struct LocationFilter: Sendable {
    /// The worst `horizontalAccuracy` delivered, in metres; `nil` (the default) delivers every
    /// fix, with or without an estimate. A NaN or infinite value accepts every fix that has an
    /// estimate; a negative one accepts none.
    public var desiredAccuracy: Double?

    /// The least distance in metres from the last fix delivered to the next, as
    /// `CLLocationManager.distanceFilter`; `nil` (the default), zero, a negative value or NaN
    /// delivers every fix.
    public var distanceFilter: Double?

    /// When the receiver counts as standing still; `nil` (the default) never does, and no
    /// delivery pauses. Setting it starts detection afresh.
    public var stationaryDetection: StationaryDetection? {
        didSet { stillness = stationaryDetection.map(StillnessTracker.init(criteria:)) }
    }

    /// The regions watched, and their states.
    public var regions: RegionMonitor

    /// What the filter did with the fixes so far.
    public private(set) var counts = Counts()

    /// The last fix delivered; `nil` before the first, and after `restart()`.
    public private(set) var lastDelivered: Location?

    private var stillness: StillnessTracker?

    /// A filter; with no arguments it delivers every fix and watches no region.
    ///
    /// - Parameters:
    ///   - desiredAccuracy: The worst accuracy delivered, in metres.
    ///   - distanceFilter: The least distance between two fixes delivered, in metres.
    ///   - stationaryDetection: When the receiver counts as standing still.
    ///   - regions: The regions to watch, in the order events name them.
    public init(
        desiredAccuracy: Double? = nil, distanceFilter: Double? = nil,
        stationaryDetection: StationaryDetection? = nil, regions: [CircularRegion] = []
    ) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
        self.stationaryDetection = stationaryDetection
        self.regions = RegionMonitor(regions: regions)
        stillness = stationaryDetection.map(StillnessTracker.init(criteria:))
    }

    /// Whether the receiver stands still now; `false` while detection is off.
    public var isStationary: Bool { stillness?.isStationary ?? false }

    /// Whether `location` is accurate enough to be delivered (step 1).
    ///
    /// - Parameter location: The fix.
    /// - Returns: `true` when `desiredAccuracy` is `nil`, or when the fix has an accuracy
    ///   that is not worse.
    public func meetsDesiredAccuracy(_ location: Location) -> Bool {
        guard let desiredAccuracy else { return true }
        guard let accuracy = location.horizontalAccuracy, !accuracy.isNaN else { return false }
        return !(accuracy > desiredAccuracy)
    }

    /// Decides what to do with the next fix, and updates the regions and stillness.
    ///
    /// Give it fixes that are positions (`Location.isValidFix`): it does not check the
    /// receiver's indicators.
    ///
    /// - Parameters:
    ///   - location: The fix.
    ///   - arrival: When it arrived, on any clock that does not jump, for timing the stillness
    ///     of fixes that have no `timestamp`; `nil` when there is none, and then such fixes
    ///     never count as still.
    /// - Returns: Whether to deliver it, and the region events it caused.
    public mutating func consider(_ location: Location, arrival: Duration? = nil) -> Outcome {
        guard meetsDesiredAccuracy(location) else {
            counts.inaccurate += 1
            return Outcome(verdict: .inaccurate, update: nil, regionEvents: [])
        }
        let events = regions.update(with: location)
        let verdict: Outcome.Verdict
        var isStationary = false
        switch stillness?.update(with: location, arrival: arrival) {
        case .began?:
            verdict = .delivered
            isStationary = true
        case .ended?:
            verdict = .delivered
        case .continued?:
            verdict = .stationary
        case .moving?, nil:
            verdict = isFarEnough(location) ? .delivered : .withinDistanceFilter
        }
        switch verdict {
        case .delivered:
            counts.delivered += 1
            lastDelivered = location
            return Outcome(verdict: verdict, update: LocationUpdate(location: location, isStationary: isStationary),
                           regionEvents: events)
        case .stationary: counts.whileStationary += 1
        case .withinDistanceFilter: counts.withinDistanceFilter += 1
        case .inaccurate: break
        }
        return Outcome(verdict: verdict, update: nil, regionEvents: events)
    }

    /// Starts delivery over, as for a new session of updates: the next accurate fix is
    /// delivered whatever the distance filter, and stillness is detected afresh. Regions keep
    /// their states; the counts go on.
    public mutating func restart() {
        lastDelivered = nil
        stillness = stationaryDetection.map(StillnessTracker.init(criteria:))
    }

    private func isFarEnough(_ location: Location) -> Bool {
        guard let distanceFilter, let lastDelivered else { return true }
        // Written as "not closer than" so that a NaN threshold delivers every fix.
        return !(location.distance(from: lastDelivered) < distanceFilter)
    }
}
