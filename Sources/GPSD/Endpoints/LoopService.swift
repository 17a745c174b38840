import Locking
import POSIXSupport

/// The life of a task that serves on the `EventLoop` until stopped, as `GPSDServer` and
/// `GPSDControlSocket` each run one: the flag its loop checks, the pipe that wakes its wait,
/// and a `stop()` that returns once the task has let go of its descriptors, suspending its
/// caller meanwhile (no thread is blocked).
final class LoopService: Sendable {
    /// The pipe the serving loop polls beside its descriptors; `stop()` fires it, and anyone
    /// may, to give the loop a turn.
    let wake: WakePipe
    private let state = LockedState(State())

    private struct State {
        var isStopping = false
        var isFinished = false
        /// The `stop()` calls waiting for `serve` to return.
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A service not yet started.
    ///
    /// - Throws: `GPSDError.system` when the pipe cannot be made (`EMFILE`).
    init() throws(GPSDError) {
        switch WakePipe.make() {
        case .success(let pipe): wake = pipe
        case .failure(let errno): throw .system(operation: "pipe", errno: errno.rawValue)
        }
    }

    deinit {
        wake.close()
    }

    /// Whether `stop` has been called: the serving loop ends when it sees this.
    var isStopping: Bool { state.withLock { $0.isStopping } }

    /// Runs `serve` on the event loop. It returns once it sees `isStopping` after a wait, and
    /// then lets go of every descriptor it holds.
    func start(_ serve: @escaping @Sendable () async -> Void) {
        Task(executorPreference: EventLoop.shared) { [self] in
            await serve()
            let waiters = state.withLock { state in
                state.isFinished = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Stops the service without waiting for `serve` to return; the first call wakes the loop.
    func beginStopping() {
        let isFirst = state.withLock { state in
            defer { state.isStopping = true }
            return !state.isStopping
        }
        if isFirst { wake.fire() }
    }

    /// Stops the service and returns once `serve` has returned, its descriptors closed; every
    /// call waits for that, the first one also wakes the loop. A caller on the event loop's
    /// own thread is suspended like any other, and `serve` runs there meanwhile.
    func stop() async {
        beginStopping()
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let isFinished = state.withLock { state in
                if !state.isFinished { state.waiters.append(waiter) }
                return state.isFinished
            }
            if isFinished { waiter.resume() }
        }
    }
}
