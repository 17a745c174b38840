import Dispatch
import FoundationEssentials
import Glibc
import Locking
import POSIXSupport

/// Ctrl-C (SIGINT) and SIGTERM, which end every `gps` command with status 0.
///
/// A command that holds a device must close it before it exits: closing restores the settings
/// the device had and releases its exclusive access (`TIOCEXCL`, `flock`). The kernel drops the
/// `flock` of a dead process, but `TIOCEXCL` and the settings belong to the terminal and outlive
/// its last reader while another process holds it open (the simulator, for its pseudo-terminal):
/// every later open by a user other than root would fail with `EBUSY`. Such a command asks for
/// `stopOnInterrupt(_:)`, stops what reads and returns its status once the device is closed;
/// commands that hold no device take `exitCleanlyOnInterrupt(cleanUp:)`.
///
/// Built outside any actor: a dispatch source's handler must not inherit main-actor isolation
/// (it runs on its own queue).
enum Interruption {
    private static let queue = DispatchQueue(label: "gps.interruption")
    /// The sources, kept alive while the process runs, and how many signals have come.
    private static let state = LockedState((sources: [any DispatchSourceSignal](), count: 0))

    /// From now on, SIGINT and SIGTERM call `handle` on a queue of their own, with how many of
    /// them have come so far (1 for the first). Returns once both are watched: a source is
    /// registered with the system after `resume()`, and until then an ignored signal is lost.
    static func handle(_ handle: @escaping @Sendable (_ count: Int) -> Void) {
        let registered = DispatchSemaphore(value: 0)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { @Sendable in
                handle(state.withLock { state in
                    state.count += 1
                    return state.count
                })
            }
            source.setRegistrationHandler { @Sendable in registered.signal() }
            source.resume()
            state.withLock { $0.sources.append(source) }
        }
        registered.wait()
        registered.wait()
    }
}

/// On Ctrl-C (SIGINT) or SIGTERM, calls `stop`, once: the command stops reading, closes its
/// device and returns its status. A second signal ends the process at once with status 0, in
/// case closing hangs (a speed hunt takes seconds).
nonisolated func stopOnInterrupt(_ stop: @escaping @Sendable () -> Void) {
    Interruption.handle { count in
        if count == 1 { stop() } else { exit(0) }
    }
}

/// Ends the process with status 0 on Ctrl-C (SIGINT) or SIGTERM, after `cleanUp`: for commands
/// that hold no device.
nonisolated func exitCleanlyOnInterrupt(cleanUp: @escaping @Sendable () -> Void = {}) {
    Interruption.handle { _ in
        cleanUp()
        exit(0)
    }
}

/// Runs `body` (a run of the pipeline on a device or a gpsd) until it returns or Ctrl-C/SIGTERM
/// cancels it; a cancelled run closes its source (a device's settings restored, its exclusive
/// access released) before this returns. The run prefers the event loop's thread, so bytes that
/// arrive resume it where they were seen.
nonisolated func runUntilInterrupted(_ body: sending @escaping () async -> CommandExit.Status) async -> CommandExit.Status {
    let reading = Task(executorPreference: EventLoop.shared, operation: body)
    stopOnInterrupt { reading.cancel() }
    return await reading.value
}
