import POSIXSupport
import Testing

/// Sleeping on the event loop: a deadline in the loop's `poll` timeout, and an alarm that moves
/// while a task sleeps until it.
@Suite("Event loop sleeps")
struct EventLoopSleepTests {
    @Test("a sleep ends at its deadline and not before; a deadline already past ends it at once")
    func sleepUntilDeadline() async throws {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(30))
        try await EventLoop.shared.sleep(until: deadline)
        #expect(ContinuousClock.now >= deadline)

        // At once: the loop is the whole suite's, so the bound is a loaded machine's, far from
        // a wait that never ends.
        let start = ContinuousClock.now
        try await EventLoop.shared.sleep(until: start.advanced(by: .seconds(-1)))
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test("cancelling a sleeping task ends its sleep with CancellationError")
    func cancelledSleep() async throws {
        let sleeping = Task { try await EventLoop.shared.sleep(until: ContinuousClock.now.advanced(by: .seconds(60))) }
        // Whether the cancellation comes before the sleep began or during it, the sleep ends so;
        // the pause only makes the second the likelier.
        try await Task.sleep(for: .milliseconds(20))
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
    }

    @Test("an alarm moved later goes off at the new deadline, not the first, and says which")
    func alarmMovedLater() async throws {
        let start = ContinuousClock.now
        let alarm = EventLoop.Alarm(at: start.advanced(by: .milliseconds(300)))
        let sleeping = Task { try await EventLoop.shared.sleep(until: alarm) }
        let moved = start.advanced(by: .milliseconds(500))
        alarm.move(to: moved)  // before the sleep begins or during it: the same
        #expect(try await sleeping.value == moved)
        #expect(ContinuousClock.now >= moved)
    }

    @Test("an alarm moved sooner wakes its sleeper at the sooner deadline")
    func alarmMovedSooner() async throws {
        let start = ContinuousClock.now
        let alarm = EventLoop.Alarm(at: start.advanced(by: .seconds(60)))
        let sleeping = Task { try await EventLoop.shared.sleep(until: alarm) }
        let sooner = start.advanced(by: .milliseconds(40))
        alarm.move(to: sooner)
        #expect(try await sleeping.value == sooner)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test("work handed on after this round runs on the loop's thread once its jobs are done, and at once elsewhere")
    func afterThisRound() async {
        let loop = EventLoop.shared
        let ranOnLoop = await Task(executorPreference: loop) {
            await withCheckedContinuation { continuation in
                loop.afterThisRound { continuation.resume(returning: loop.isCurrentThread) }
            }
        }.value
        #expect(ranOnLoop)
        let ranHere = await withCheckedContinuation { continuation in
            loop.afterThisRound { continuation.resume(returning: !loop.isCurrentThread) }
        }
        #expect(ranHere)
    }
}
