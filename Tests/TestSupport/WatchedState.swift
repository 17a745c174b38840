import Locking

/// A value that threads change and tests wait on without holding a thread: a waiting task is
/// suspended until the next change, then checks its condition again on its own executor.
///
/// Swift Testing runs suites in parallel on a cooperative pool of as many threads as cores (two
/// here): a test blocked in `poll`, `waitpid` or a sleep holds one of them, and two such tests
/// stall every other suite. Threads of a test's own (a child's output reader, a server, a
/// provider's delegate) `update` the value; the test `wait`s.
public final class WatchedState<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        /// Counts changes, so a waiter that looked at version `n` sleeps only while it is still `n`.
        var version = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state: LockedState<State>

    public init(_ value: Value) {
        state = LockedState(State(value: value))
    }

    /// The value now.
    public var value: Value {
        state.withLock { $0.value }
    }

    /// Changes the value and wakes every waiting task.
    public func update(_ change: (inout Value) -> Void) {
        let woken = state.withLock { state in
            change(&state.value)
            state.version += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Suspends until `condition` holds for the value, checking it after each change, or until
    /// `deadline` passes; whether it held. No thread is held meanwhile.
    ///
    /// `condition` runs on the caller's executor, never under the lock, so it may read other
    /// state, this value included.
    public nonisolated(nonsending) func wait(
        until condition: (Value) -> Bool, deadline: ContinuousClock.Instant
    ) async -> Bool {
        while true {
            let (value, version) = state.withLock { ($0.value, $0.version) }
            if condition(value) { return true }
            guard ContinuousClock.now < deadline else { return false }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.change(after: version) }
                group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Returns once the version is past `version`, or the task is cancelled.
    private func change(after version: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waits = state.withLock { state in
                    guard state.version == version, !Task.isCancelled else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
