import Foundation

/// A thread of its own, started at once, whose result a test awaits later without holding a
/// thread: for a blocking call (a read that waits out its timeout, a sleep before an unplug)
/// that must start now and must not occupy the cooperative pool.
///
/// Started directly rather than from a child task or a dispatch queue: with the pool's two
/// threads busy (the whole suite runs in parallel; under AddressSanitizer, CPU-heavy suites kept
/// them for seconds), an `async let` or a queued block could start 10 s late.
public final class OwnThread<Value: Sendable>: Sendable {
    private let result = WatchedState<Value?>(nil)

    /// Starts `body` on a new thread.
    public init(_ body: @escaping @Sendable () -> Value) {
        let result = result
        Thread {
            let value = body()
            result.update { $0 = value }
        }.start()
    }

    /// What `body` returned, once it has.
    public var value: Value {
        get async {
            // No deadline of its own: `body` bounds its wait.
            _ = await result.wait(until: { $0 != nil }, deadline: .now.advanced(by: .seconds(86_400)))
            return result.value!
        }
    }
}

/// Runs `body` on a new thread of its own (see `OwnThread`) and returns its result.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await OwnThread(body).value
}
