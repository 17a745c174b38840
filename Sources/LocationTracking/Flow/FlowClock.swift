import Locking
import POSIXSupport

/// The manager's clock, with its instants as offsets from when the manager was made: one
/// concrete type over any injected `Clock` (a `ContinuousClock`, or a manual one in tests), so
/// the flow can store times and deadlines without carrying the clock's type around. The
/// pipeline's timers (a replay's pace) keep theirs the same way.
///
/// A `ContinuousClock`'s sleeps wait on the `EventLoop`, in its `poll` timeout, rather than in
/// `Task.sleep`: on Linux each `Task.sleep` is a libdispatch timer that wakes a thread of its
/// own when it fires, even once cancelled, and the first one starts libdispatch's once-a-second
/// monitor of its thread pool for the life of the process. Any other clock (a `ManualClock` in
/// tests) sleeps on its own `sleep(until:tolerance:)`, as it is driven.
package struct FlowClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void
    /// The start as an instant of the event loop's clock, when the clock is a `ContinuousClock`.
    private let loopStart: ContinuousClock.Instant?

    /// `clock`, its instants counted from now.
    package init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        if let start = start as? ContinuousClock.Instant {
            loopStart = start
            sleeper = { offset in try await EventLoop.shared.sleep(until: start.advanced(by: offset)) }
        } else {
            loopStart = nil
            sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
        }
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

    /// A deadline at `offset` that a task sleeps until (`sleep(until:)`) and that can be moved
    /// while it sleeps.
    func alarm(at offset: Duration) -> FlowAlarm {
        FlowAlarm(offset: offset, loopAlarm: loopStart.map { EventLoop.Alarm(at: $0.advanced(by: offset)) }, loopStart: loopStart)
    }

    /// Sleeps until `alarm` goes off. On the event loop a move of the alarm counts even while it
    /// sleeps, and pushing it back costs no wake-up; on another clock it sleeps until the
    /// offset the alarm had when the sleep began.
    ///
    /// - Returns: The offset the alarm went off at.
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until alarm: FlowAlarm) async throws -> Duration {
        if let loopAlarm = alarm.loopAlarm, let loopStart {
            return loopStart.duration(to: try await EventLoop.shared.sleep(until: loopAlarm))
        }
        let offset = alarm.offset
        try await sleeper(offset)
        return offset
    }
}

/// A deadline of a `FlowClock` that moves while a task sleeps until it.
final class FlowAlarm: Sendable {
    private let movedOffset: LockedState<Duration>
    /// The loop's alarm, for a `ContinuousClock`.
    fileprivate let loopAlarm: EventLoop.Alarm?
    private let loopStart: ContinuousClock.Instant?

    fileprivate init(offset: Duration, loopAlarm: EventLoop.Alarm?, loopStart: ContinuousClock.Instant?) {
        movedOffset = LockedState(offset)
        self.loopAlarm = loopAlarm
        self.loopStart = loopStart
    }

    /// The offset it goes off at, as it stands now.
    var offset: Duration { movedOffset.withLock { $0 } }

    /// Moves it to `offset`: later costs nothing, sooner wakes the loop.
    func move(to offset: Duration) {
        movedOffset.withLock { $0 = offset }
        if let loopAlarm, let loopStart { loopAlarm.move(to: loopStart.advanced(by: offset)) }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
