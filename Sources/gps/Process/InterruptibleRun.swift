import Locking
import POSIXSupport

/// A run that Ctrl-C or SIGTERM cancels, watched from the moment this is made: a command that
/// opens devices before its run starts (`gps serve`) makes it first, and a signal that comes
/// meanwhile cancels the run as it starts, so the devices are still closed as they should be.
final class InterruptibleRun: Sendable {
    private struct State {
        var run: Task<CommandExit.Status, Never>?
        var isInterrupted = false
    }

    private let state = LockedState(State())

    /// Watches SIGINT and SIGTERM from now on.
    init() {
        stopOnInterrupt { [self] in
            state.withLock { state in
                state.isInterrupted = true
                return state.run
            }?.cancel()
        }
    }

    /// Runs `body` on a task that prefers the event loop's thread until it returns or a signal
    /// (before or during the run) cancels it, and returns its status.
    func run(_ body: sending @escaping () async -> CommandExit.Status) async -> CommandExit.Status {
        let run = Task(executorPreference: EventLoop.shared, operation: body)
        let isInterrupted = state.withLock { state in
            state.run = run
            return state.isInterrupted
        }
        if isInterrupted { run.cancel() }
        return await run.value
    }
}
