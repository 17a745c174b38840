import LocationTracking

/// What one run of `NMEALocationProvider` reading reported, from `startUpdatingLocation()` to
/// the end of the capture or `stopUpdatingLocation()`.
public struct ReadingSummary: Hashable, Sendable {
    /// Fixes reported to the delegate, valid or not.
    public var fixes = 0
    /// Of those, the ones `Location.isValidFix` accepts: what a `.continuous`
    /// `AppLocationManager` delivers to its screen.
    public var validFixes = 0

    /// A summary of `fixes` reported, `validFixes` of them valid.
    public init(fixes: Int = 0, validFixes: Int = 0) {
        self.fixes = fixes
        self.validFixes = validFixes
    }
}

extension NMEALocationProvider {
    /// Waits until reading ends: a capture played to its end, or updates stopped (a device is
    /// read until stopped). Returns at once when the last run has ended and no other started;
    /// before the first `startUpdatingLocation()`, waits for the first run to end.
    ///
    /// - Returns: What the run reported.
    public func readingEnded() async -> ReadingSummary {
        await withCheckedContinuation { continuation in
            let summary: ReadingSummary? = state.withLock { state in
                if state.replay.isFinished { return state.replay.summary }
                state.replay.waiters.append(continuation)
                return nil
            }
            if let summary { continuation.resume(returning: summary) }
        }
    }
}

/// The counts of the current run of reading, and who waits for its end.
struct ReplayProgress {
    var summary = ReadingSummary()
    var isFinished = false
    var waiters: [CheckedContinuation<ReadingSummary, Never>] = []

    mutating func restart() {
        summary = ReadingSummary()
        isFinished = false
    }

    mutating func record(_ location: Location) {
        summary.fixes += 1
        if location.isValidFix { summary.validFixes += 1 }
    }

    /// Marks the run finished and hands back the waiters to resume.
    mutating func finish() -> [CheckedContinuation<ReadingSummary, Never>] {
        isFinished = true
        defer { waiters = [] }
        return waiters
    }
}
