/// The manager's clock, with its instants as offsets from when the manager was made: one
/// concrete type over any injected `Clock` (a `ContinuousClock`, or a manual one in tests), so
/// the flow can store times and deadlines without carrying the clock's type around. The
/// pipeline's timers (a replay's pace) keep theirs the same way.
package struct FlowClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// `clock`, its instants counted from now.
    package init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }

    /// Time since the manager was made.
    package var now: Duration { elapsed() }

    /// Sleeps until `now` reaches `offset`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func sleep(until offset: Duration) async throws {
        try await sleeper(offset)
    }

    /// Sleeps for `duration` from now.
    package func sleep(for duration: Duration) async throws {
        try await sleeper(now + duration)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
