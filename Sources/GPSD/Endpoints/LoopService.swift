import Dispatch
import Locking
import POSIXSupport

/// The life of a task that serves on the `EventLoop` until stopped, as `GPSDServer` and
/// `GPSDControlSocket` each run one: the flag its loop checks, the pipe that wakes its wait,
/// and a `stop()` that returns once the task has let go of its descriptors.
final class LoopService: Sendable {
    /// The pipe the serving loop polls beside its descriptors; `stop()` fires it, and anyone
    /// may, to give the loop a turn.
    let wake: WakePipe
    private let stopping = LockedState(false)
    private let finished = DispatchSemaphore(value: 0)

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
    var isStopping: Bool { stopping.withLock { $0 } }

    /// Runs `serve` on the event loop. It returns once it sees `isStopping` after a wait, and
    /// then lets go of every descriptor it holds.
    func start(_ serve: @escaping @Sendable () async -> Void) {
        Task(executorPreference: EventLoop.shared) { [finished] in
            await serve()
            finished.signal()
        }
    }

    /// Stops the service, the first time it is called; returns once `serve` has returned.
    ///
    /// On the event loop's own thread `serve` cannot run while this waits: `releasingHere`
    /// lets go of the descriptors at once instead, and `serve` must end at its next turn
    /// without touching them.
    func stop(releasingHere release: () -> Void) {
        let isFirst = stopping.withLock { isStopping in
            defer { isStopping = true }
            return !isStopping
        }
        guard isFirst else { return }
        wake.fire()
        if EventLoop.shared.isCurrentThread {
            release()
        } else {
            finished.wait()
        }
    }
}
