import FoundationEssentials
import Glibc
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
/// Each signal is counted by `CountedSignals`, whose handler is in place once `handle` returns: a
/// signal that comes as a device is being opened is never lost.
enum Interruption {
    /// From now on, SIGINT and SIGTERM call `handle` on a thread of their own, with how many of
    /// them have come so far (1 for the first).
    static func handle(_ handle: @escaping @Sendable (_ count: Int) -> Void) {
        CountedSignals.handle([SIGINT, SIGTERM], handle)
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
    await InterruptibleRun().run(body)
}
