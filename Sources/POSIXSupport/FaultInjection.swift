#if DEBUG
import Locking

/// Faults that debug builds force on chosen system calls, so tests reach failure paths
/// (`EPERM`, `EINTR`, `EAGAIN`, `EIO`, `EADDRINUSE`, `EMFILE`...) and short reads without root,
/// hardware or a busy port.
///
/// A plan reaches the calls in one of two ways:
/// - bound to a task with `FaultInjection.$current.withValue(_:)`, it is seen by the synchronous
///   calls of that task only, so tests running in parallel cannot disturb one another, and
///   threads the package starts itself never see it;
/// - held by an object that wraps each of its calls in `applying(_:)`, as a port opened with
///   `SerialPort(path:configuration:faults:)` does, it is seen by every call that object
///   makes, on whatever thread. A plan bound to the task making a call wins.
///
/// A plan also counts the calls that see it, forced or not, so a test can tell a wait in
/// `poll` from a loop without timing anything.
package final class FaultInjection: Sendable {
    /// The plan of the current task, if any.
    @TaskLocal package static var current: FaultInjection?

    private struct Plan {
        var errnos: [Syscalls.Call: [CInt]]
        var readLimit: Int?
        var writeLimit: Int?
        var calls: [Syscalls.Call: Int] = [:]
    }

    private let plan: LockedState<Plan>

    /// Fails each call in `errnos` with its errnos in order, one per call (a 0 lets its call run
    /// for real); later calls run for real.
    package init(_ errnos: [Syscalls.Call: [CInt]] = [:]) {
        plan = LockedState(Plan(errnos: errnos))
    }

    /// Fails the next `times` calls of `call` with `errno`, after the errnos already planned
    /// for it: a storm of `EINTR` is `fail(.read, with: EINTR, times: 1000)`.
    package func fail(_ call: Syscalls.Call, with errno: CInt, times: Int = 1) {
        plan.withLock { $0.errnos[call, default: []] += Array(repeating: errno, count: times) }
    }

    /// Makes every `read` from now on return at most `byteCount` bytes, as a driver that hands
    /// over a byte at a time does; `nil` lifts the limit.
    package func limitReads(to byteCount: Int?) {
        plan.withLock { $0.readLimit = byteCount.map { max(1, $0) } }
    }

    /// Makes every `write` from now on write at most `byteCount` bytes, as a disk filling up
    /// mid-write does; `nil` lifts the limit.
    package func limitWrites(to byteCount: Int?) {
        plan.withLock { $0.writeLimit = byteCount.map { max(1, $0) } }
    }

    /// How many calls of `call` have seen this plan, forced or run for real.
    package func calls(of call: Syscalls.Call) -> Int {
        plan.withLock { $0.calls[call, default: 0] }
    }

    /// How many forced errnos have not been used yet: 0 once the code under test hit them all.
    package var unused: Int {
        plan.withLock { $0.errnos.values.reduce(0) { $0 + $1.count } }
    }

    /// The largest read allowed now; `nil` for no limit.
    var readLimit: Int? {
        plan.withLock { $0.readLimit }
    }

    /// The largest write allowed now; `nil` for no limit.
    var writeLimit: Int? {
        plan.withLock { $0.writeLimit }
    }

    /// Counts this call of `call` and returns the errno to force on it, consuming it (`nil` for
    /// none, or for a planned 0).
    func take(_ call: Syscalls.Call) -> CInt? {
        plan.withLock { plan in
            plan.calls[call, default: 0] += 1
            guard var errnos = plan.errnos[call], !errnos.isEmpty else { return nil }
            let first = errnos.removeFirst()
            plan.errnos[call] = errnos
            return first == 0 ? nil : first
        }
    }

    /// Runs `body` with this plan bound, unless the calling task has bound one of its own.
    package func applying<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        guard Self.current == nil else { return try body() }
        return try Self.$current.withValue(self) { Result { () throws(E) in try body() } }.get()
    }
}
#else
/// Release builds force no faults: no plan can be made, so a held plan is always `nil`.
package enum FaultInjection {}
#endif

extension Optional<FaultInjection> {
    /// Runs `body` with the plan bound, if there is one (debug builds only).
    package func applying<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        #if DEBUG
        if let plan = self { return try plan.applying(body) }
        #endif
        return try body()
    }
}
