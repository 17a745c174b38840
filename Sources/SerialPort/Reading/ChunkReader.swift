import GNSS
import Glibc
import POSIXSupport

/// One iterator's reads: what the kernel holds is read at once, and otherwise the reader waits
/// on the `EventLoop` for the device, the port's close signal or the quiet deadline, without
/// holding a thread. Cancelling the task ends the wait.
final class ChunkReader: Sendable {
    private let port: SerialPort
    private let maximumLength: Int

    init(port: SerialPort, maximumLength: Int) {
        self.port = port
        self.maximumLength = maximumLength
    }

    /// The next bytes, or `.quiet` when none arrived by `deadline` (`nil`: wait for bytes);
    /// `nil` once the task is cancelled or the port closed. Bytes come with the system time
    /// they arrived by: the event loop's stamp of the `poll` that saw them ready, or, for bytes
    /// already waiting when the reader asked, the time their `read` returned.
    func next(quietAt deadline: ContinuousClock.Instant?) async throws(SerialPortError) -> (SerialPort.Arrival, GNSS.SystemTime?)? {
        var chunk = [UInt8](repeating: 0, count: maximumLength)
        var hungUp = false
        var readyAt: GNSS.SystemTime?
        while true {
            let received = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SerialPortError) in try port.descriptor.receiveAvailable(into: buffer, hungUp: hungUp) }
            }
            switch try received.get() {
            case .bytes(let count):
                let receivedAt = readyAt ?? GNSS.SystemTime.now()
                chunk.removeSubrange(count...)
                return (.bytes(chunk), receivedAt)
            case .closed:
                return nil
            case .timedOut:
                break
            }
            guard !Task.isCancelled else { return nil }
            // Asked through the seam first, at once: what the kernel says now decides, and
            // only a line with nothing to read waits on the loop.
            switch try port.descriptor.readinessNow() {
            case .ready: continue
            case .hungUp:
                hungUp = true
                continue
            case .closed: return nil
            case .timedOut: break
            }
            let descriptor = port.descriptor
            guard let fd = descriptor.lease() else { return nil }
            let (waited, stamp) = await EventLoop.shared.waitStamped(
                for: [pollfd(fd: descriptor.closeSignal.readEnd, events: Int16(POLLIN), revents: 0),
                      pollfd(fd: fd, events: Int16(POLLIN), revents: 0)],
                until: deadline)
            descriptor.endLease()
            switch waited {
            case .cancelled: return nil
            case .timedOut: return (.quiet, nil)
            case .failed(let errno): throw .system(path: port.path, operation: "poll", errno: errno.rawValue)
            case .ready(let revents):
                if revents[0] != 0 { return nil }
                readyAt = stamp.map { GNSS.SystemTime(seconds: $0.tv_sec, nanoseconds: $0.tv_nsec) }
                if revents[1] & Int16(POLLNVAL) != 0 {
                    throw .system(path: port.path, operation: "poll", errno: Errno.EBADF.rawValue)
                }
                // Hung up without bytes: read once more for bytes still queued, then it is gone.
                if revents[1] & Int16(POLLIN) == 0 { hungUp = true }
            }
        }
    }
}
