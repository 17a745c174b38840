/// The manager's clock, with its instants as offsets from when the manager was made: one
/// concrete type over any injected `Clock` (a `ContinuousClock`, or a manual one in tests), so
/// the flow can store times and deadlines without carrying the clock's type around.
struct FlowClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }

    /// Time since the manager was made.
    var now: Duration { elapsed() }

    /// Sleeps until `now` reaches `offset`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until offset: Duration) async throws {
        try await sleeper(offset)
    }

    /// Sleeps for `duration` from now.
    func sleep(for duration: Duration) async throws {
        try await sleeper(now + duration)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
