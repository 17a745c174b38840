import FoundationEssentials

/// Decides, fix by fix, whether the receiver stands still (see `StationaryDetection`).
struct StillnessTracker: Sendable {
    /// What a fix did to stillness.
    enum Change: Equatable {
        /// Not still, or not yet for long enough.
        case moving
        /// Still for `duration` now: the fix that says so.
        case began
        /// Still, as already said.
        case continued
        /// The first fix after stillness that is not still.
        case ended
    }

    /// When a fix was taken, by the receiver's clock or else by its arrival.
    enum FixTime: Sendable {
        case receiver(Date)
        case arrival(Duration)

        /// Seconds from `earlier` to this time; `nil` when the two come from different clocks.
        func seconds(since earlier: FixTime) -> Double? {
            switch (earlier, self) {
            case (.receiver(let start), .receiver(let end)): end.timeIntervalSince(start)
            case (.arrival(let start), .arrival(let end)): (end - start).inSeconds
            default: nil
            }
        }
    }

    let criteria: StationaryDetection
    /// The first fix of the still stretch, and when it was taken.
    private var anchor: (location: Location, time: FixTime)?
    private(set) var isStationary = false

    init(criteria: StationaryDetection) {
        self.criteria = criteria
    }

    /// Considers the next fix.
    ///
    /// - Parameters:
    ///   - location: The fix.
    ///   - arrival: When it arrived, used when it has no `timestamp`; `nil` when unknown, and
    ///     then such a fix cannot be timed and counts as moving.
    mutating func update(with location: Location, arrival: Duration?) -> Change {
        let time: FixTime? = location.timestamp.map(FixTime.receiver) ?? arrival.map(FixTime.arrival)
        let isSlow = !(location.speed.map { $0 > criteria.maximumSpeed } ?? false)
        guard isSlow, let time, let anchor, let elapsed = time.seconds(since: anchor.time), elapsed >= 0,
              isNear(location, anchor.location) else {
            // The stretch starts over here, at a fix that could begin one.
            self.anchor = isSlow ? time.map { (location, $0) } : nil
            let wasStationary = isStationary
            isStationary = false
            return wasStationary ? .ended : .moving
        }
        if isStationary { return .continued }
        guard elapsed >= criteria.duration.inSeconds else { return .moving }
        isStationary = true
        return .began
    }

    /// Whether two fixes are as close as a receiver that did not move would give.
    private func isNear(_ location: Location, _ other: Location) -> Bool {
        let allowance = Self.uncertainty(location) + Self.uncertainty(other)
        return location.distance(from: other) <= criteria.radius + allowance
    }

    private static func uncertainty(_ location: Location) -> Double {
        location.horizontalAccuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0
    }
}
