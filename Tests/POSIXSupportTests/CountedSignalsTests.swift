import Dispatch
import Glibc
import Locking
import POSIXSupport
import Testing

/// Signals counted by the package's own handler (what ends `gps` on Ctrl-C and SIGTERM).
@Suite("Counted signals")
struct CountedSignalsTests {
    @Test("a signal raised the moment handle returns reaches the handler, and each one after it is counted in order")
    func noWindowAndCounted() {
        let counts = LockedState([Int]())
        let handled = DispatchSemaphore(value: 0)
        CountedSignals.handle([SIGUSR2]) { count in
            counts.withLock { $0.append(count) }
            handled.signal()
        }
        // No wait for a registration: the handler is in place. Sent to the process, as kill(1) and
        // Ctrl-C send it, so a thread that does not block it takes it.
        kill(getpid(), SIGUSR2)
        #expect(handled.wait(timeout: .now() + 30) == .success)
        #expect(counts.withLock { $0 } == [1])
        kill(getpid(), SIGUSR2)
        #expect(handled.wait(timeout: .now() + 30) == .success)
        kill(getpid(), SIGUSR2)
        #expect(handled.wait(timeout: .now() + 30) == .success)
        #expect(counts.withLock { $0 } == [1, 2, 3])
    }
}
