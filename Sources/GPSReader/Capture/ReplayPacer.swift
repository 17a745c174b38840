import FoundationEssentials
import LocationTracking

/// Keeps a replay to its pace with deadlines on `clock`, so time spent decoding does not add up.
struct ReplayPacer {
    let pace: ReplayPace
    private let clock: FlowClock
    /// The next deadline, as an offset on `clock`.
    private var due: Duration
    private var lastFixTime: Date?

    init(pace: ReplayPace, clock: any Clock<Duration> = ContinuousClock()) {
        self.pace = pace
        self.clock = FlowClock(clock)
        due = self.clock.now
    }

    /// For `.realTime`: waits as long after the previous epoch as the receiver did, divided by
    /// the speed-up; an epoch without a timestamp counts as one second later.
    mutating func waitBefore(_ fix: EpochReport, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        guard case .realTime(let speedup) = pace else { return !Task.isCancelled }
        defer { lastFixTime = fix.timestamp ?? lastFixTime }
        guard lastFixTime != nil || fix.timestamp == nil else { return !Task.isCancelled }
        var gap = 1.0
        if let time = fix.timestamp, let last = lastFixTime {
            gap = time.timeIntervalSince(last)
            if gap < 0 || gap > 10 { gap = 0 }  // a clock jump or another capture appended
        }
        due = max(due, clock.now - .milliseconds(100)) + .seconds(gap / max(speedup, 0.001))
        return await sleep()
    }

    /// For `.linesPerSecond`: waits for the next line's turn.
    mutating func waitAfterLine(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        guard case .linesPerSecond(let rate) = pace else { return !Task.isCancelled }
        due += .seconds(1 / max(rate, 0.001))
        return await sleep()
    }

    private func sleep(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        do {
            try await clock.sleep(until: due)
            return true
        } catch {
            return false
        }
    }
}
