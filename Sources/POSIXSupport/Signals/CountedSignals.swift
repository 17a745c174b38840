import CPOSIXSupport
import Glibc
import Locking

/// Signals such as SIGINT and SIGTERM, each delivery counted by a handler of the package's own
/// (`sigaction`) and passed to every handler given to `handle`, on a thread that waits for them.
///
/// The handler is in place when `handle` returns, so no delivery is lost or takes the default
/// action after that. A libdispatch signal source, by contrast, installs its handler only when its
/// manager thread registers it, a while after `resume()`: a signal ignored meanwhile is lost.
package enum CountedSignals {
    private struct Handlers {
        var all: [@Sendable (Int) -> Void] = []
        var count = 0
        var isWaiting = false
    }

    private static let handlers = LockedState(Handlers())

    /// From now on, each delivery of one of `signals` calls `handler` (and every earlier one) with
    /// how many have come so far, 1 for the first, on a thread of its own.
    ///
    /// - Parameters:
    ///   - signals: The signals to count, such as `[SIGINT, SIGTERM]`.
    ///   - handler: Called once per delivery, in order; it may block only briefly.
    package static func handle(_ signals: [Int32], _ handler: @escaping @Sendable (_ count: Int) -> Void) {
        let startsWaiting = handlers.withLock { state in
            state.all.append(handler)
            defer { state.isWaiting = true }
            return !state.isWaiting
        }
        for signal in signals {
            let status = cposix_count_signal(signal)
            precondition(status == 0, "CountedSignals: sigaction(\(signal)) failed with errno \(errno)")
        }
        if startsWaiting { startWaiting() }
    }

    /// Starts the thread that waits for each counted delivery and calls the handlers.
    private static func startWaiting() {
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { _ in
            CountedSignals.callHandlersForever()
            return nil
        }, nil)
        precondition(result == 0, "CountedSignals: pthread_create failed with errno \(result)")
        pthread_detach(thread)
    }

    /// The waiting thread's work: each counted delivery, the handlers called with the count so far.
    private static func callHandlersForever() {
        _ = cposix_name_current_thread("signals")
        while true {
            cposix_wait_for_counted_signal()
            let (all, count) = handlers.withLock { state in
                state.count += 1
                return (state.all, state.count)
            }
            for handler in all { handler(count) }
        }
    }
}
