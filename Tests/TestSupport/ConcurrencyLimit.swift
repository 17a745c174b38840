import Locking

/// At most `limit` holders at once; the others wait, suspended, in the order they came.
///
/// For work that costs the machine more the more of it runs at once, such as child processes:
/// the whole suite runs in parallel, and a hundred `gps` processes starting together on two
/// cores would make every other test's deadline measure the queue rather than the code.
public final class ConcurrencyLimit: Sendable {
    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: LockedState<State>

    public init(_ limit: Int) {
        state = LockedState(State(free: limit))
    }

    /// Runs `body` once a place is free, and frees it when `body` returns or throws.
    public func run<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        await withCheckedContinuation { continuation in
            let isFree = state.withLock { state in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if isFree { continuation.resume() }
        }
        defer {
            // The place goes to the first waiter, if any, without being freed in between.
            let next = state.withLock { state in
                guard !state.waiters.isEmpty else {
                    state.free += 1
                    return nil as CheckedContinuation<Void, Never>?
                }
                return state.waiters.removeFirst()
            }
            next?.resume()
        }
        return try await body()
    }
}
