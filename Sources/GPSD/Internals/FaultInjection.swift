#if DEBUG
import Locking

/// Errnos that debug builds force on chosen socket calls, so tests reach failure paths
/// (`EADDRINUSE`, `ECONNREFUSED`, `EINTR`, `EMFILE`...) without provoking them for real.
///
/// A plan is bound to the current task with `FaultInjection.$current.withValue(_:)`: only
/// synchronous calls made by that task see it, so tests running in parallel cannot disturb
/// one another, and threads the module starts itself never see it.
final class FaultInjection: Sendable {
    /// The plan of the current task, if any.
    @TaskLocal static var current: FaultInjection?

    private let pending: LockedState<[Syscalls.Call: [CInt]]>

    /// Fails each call in `plan` with its errnos in order, one per call; later calls run for real.
    init(_ plan: [Syscalls.Call: [CInt]]) {
        pending = LockedState(plan)
    }

    /// The errno to force on this call of `call`, consuming it.
    func take(_ call: Syscalls.Call) -> CInt? {
        pending.withLock { plan in
            guard var errnos = plan[call], !errnos.isEmpty else { return nil }
            let first = errnos.removeFirst()
            plan[call] = errnos
            return first
        }
    }

    /// How many forced errnos have not been used yet: 0 once the code under test hit them all.
    var unused: Int {
        pending.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
#endif
