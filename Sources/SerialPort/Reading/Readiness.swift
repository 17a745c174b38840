import Glibc
import POSIXSupport

/// Blocking waits on a device descriptor with `poll`: no busy loop, a deadline, and a wake-up
/// from the port's close signal.
enum Readiness {
    /// What ended a wait.
    enum Outcome: Equatable {
        /// The device can be read (or written).
        case ready
        /// The device reported `POLLHUP` or `POLLERR` without being ready: it has gone.
        case hungUp
        /// The deadline passed first.
        case timedOut
        /// The port's close signal fired.
        case closed
    }

    /// Waits until `fd` is readable (or writable when `forOutput`), the close signal
    /// fires, or `deadline` passes (`nil`: never). Fails only with `poll`'s errno other than
    /// `EINTR`, after which it waits again for the time left.
    static func wait(
        on fd: CInt, forOutput: Bool = false, closeSignal: WakePipe,
        until deadline: ContinuousClock.Instant?
    ) -> Result<Outcome, Errno> {
        let wanted = Int16(forOutput ? POLLOUT : POLLIN)
        var fds = [
            pollfd(fd: closeSignal.readEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: fd, events: wanted, revents: 0),
        ]
        while true {
            let timeout = deadline.map { ContinuousClock.now.duration(to: $0).pollMilliseconds } ?? -1
            switch Syscalls.poll(&fds, timeout: timeout) {
            case .failure(Errno.EINTR):
                continue
            case .failure(let errno):
                return .failure(errno)
            case .success(0):
                if timeout == 0 { return .success(.timedOut) }
                // poll rounds down to the clock tick: keep waiting until the deadline is really past.
                continue
            case .success:
                if fds[0].revents != 0 { return .success(.closed) }
                let events = fds[1].revents
                if events & wanted != 0 { return .success(.ready) }
                if events & Int16(POLLNVAL) != 0 { return .failure(Errno.EBADF) }
                return .success(.hungUp)
            }
        }
    }
}
