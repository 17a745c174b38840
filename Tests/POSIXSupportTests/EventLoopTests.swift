import Glibc
import Locking
import POSIXSupport
import Testing

/// The event loop on real pipes: a wait ends when its descriptor is ready, at its deadline, or
/// when its task is cancelled, and a task that prefers the loop runs on the loop's thread.
@Suite("Event loop")
struct EventLoopTests {
    private func pipe() throws -> (read: CInt, write: CInt) {
        var fds: [CInt] = [-1, -1]
        try #require(Glibc.pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    @Test("a wait ends .ready, with the descriptor's events, once another thread writes")
    func readyWhenWritten() async throws {
        let (readEnd, writeEnd) = try pipe()
        defer { close(readEnd); close(writeEnd) }
        let writer = Task.detached {
            // Most likely after the wait registered; were it before, the wait would end the same.
            try? await Task.sleep(for: .milliseconds(20))
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
        let outcome = await EventLoop.shared.waitUntilReadable(readEnd)
        #expect(outcome == .ready([Int16(POLLIN)]))
        await writer.value
    }

    @Test("a wait with nothing to read ends .timedOut, and not before its deadline")
    func timedOut() async throws {
        let (readEnd, writeEnd) = try pipe()
        defer { close(readEnd); close(writeEnd) }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(30))
        let outcome = await EventLoop.shared.waitUntilReadable(readEnd, until: deadline)
        #expect(outcome == .timedOut)
        #expect(ContinuousClock.now >= deadline)
    }

    @Test("cancelling the waiting task ends its wait .cancelled; a task cancelled before it waits does not wait at all")
    func cancelled() async throws {
        let (readEnd, writeEnd) = try pipe()
        defer { close(readEnd); close(writeEnd) }
        let waiting = Task { await EventLoop.shared.waitUntilReadable(readEnd) }
        // Most likely after the wait registered; before it, the second half of the test covers.
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        #expect(await waiting.value == .cancelled)

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await EventLoop.shared.waitUntilReadable(readEnd)
        }
        #expect(await early.value == .cancelled)
    }

    @Test("a task that prefers the loop runs on the loop's thread, and its waits need no hand-off")
    func preferredTaskRunsOnTheLoop() async throws {
        let (readEnd, writeEnd) = try pipe()
        defer { close(readEnd); close(writeEnd) }
        #expect(!EventLoop.shared.isCurrentThread)
        let onLoop = Task(executorPreference: EventLoop.shared) { () -> (Bool, Bool, EventLoop.Outcome) in
            let before = EventLoop.shared.isCurrentThread
            var byte: UInt8 = 7
            _ = write(writeEnd, &byte, 1)
            let outcome = await EventLoop.shared.waitUntilReadable(readEnd)
            return (before, EventLoop.shared.isCurrentThread, outcome)
        }
        let (before, after, outcome) = await onLoop.value
        #expect(before && after, "on the loop's thread before and after the wait")
        #expect(outcome == .ready([Int16(POLLIN)]))
    }

    @Test("a task that keeps the loop busy never starves another wait's deadline")
    func busyTaskDoesNotStarveDeadlines() async throws {
        let (readEnd, writeEnd) = try pipe()
        defer { close(readEnd); close(writeEnd) }
        let waitEnded = LockedState(false)
        let busy = Task(executorPreference: EventLoop.shared) { () -> Int in
            var turns = 0
            // Yielding re-queues the task on the loop at once: work is always queued.
            while !waitEnded.withLock({ $0 }), turns < 10_000_000 {
                await Task.yield()
                turns += 1
            }
            return turns
        }
        let outcome = await EventLoop.shared.waitUntilReadable(readEnd, until: .now.advanced(by: .milliseconds(20)))
        waitEnded.withLock { $0 = true }
        #expect(outcome == .timedOut)
        #expect(await busy.value < 10_000_000, "the busy task was still running when the deadline was seen")
    }
}
