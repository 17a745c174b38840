import Glibc
import POSIXSupport
import SerialPort

/// A capture read a chunk at a time through the syscall seam: a regular file, standard input,
/// a FIFO or a character device alike, never mapped, so a file truncated under the reader
/// ends the read with an error instead of a signal. Opened non-blocking: a FIFO with nothing to
/// read says so (`read(into:)` returns `nil`) and the reader waits on the event loop for it.
package final class CaptureFile {
    /// The path given.
    package let path: String
    /// The descriptor, to wait on for readability.
    package let fd: CInt
    private var offset = 0
    private var isRegularFile = false
    private var isFIFO = false

    /// Opens `path` for reading.
    ///
    /// - Throws: `SerialPortError` for `open`'s errno (`.notFound`, `.permissionDenied`...).
    package init(path: String) throws(SerialPortError) {
        self.path = path
        fd = try Syscalls.retryingOnInterrupt { Syscalls.open(FilePath(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
            .mapError { SerialPortError.opening(path, "open", $0) }.get()
        if case .success(let status) = Syscalls.fstat(fd) {
            isRegularFile = status.st_mode & S_IFMT == S_IFREG
            isFIFO = status.st_mode & S_IFMT == S_IFIFO
        }
    }

    deinit {
        _ = Syscalls.close(fd)
    }

    /// Whether a writer of the FIFO has come and gone (`POLLHUP`), so an empty read is its end.
    private var hasHungUp: Bool {
        var probe = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        guard case .success = Syscalls.poll(&probe, timeout: 0) else { return true }
        return probe[0].revents & Int16(POLLHUP) != 0
    }

    /// The bytes read so far.
    package var bytesRead: Int { offset }

    /// Reads up to `buffer.count` bytes; 0 at the end, `nil` when nothing can be read yet (a
    /// FIFO or a terminal whose writer has not written).
    ///
    /// - Throws: `.system` for `read`'s errno.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SerialPortError) -> Int? {
        switch Syscalls.retryingOnInterrupt({ Syscalls.read(fd, buffer) }) {
        case .success(0) where isFIFO && !hasHungUp:
            // A FIFO reads as ended while no writer has opened it yet: it has ended only once
            // a writer has come and gone, which `poll` says with POLLHUP.
            return nil
        case .success(let count):
            offset += count
            return count
        case .failure(.EAGAIN):
            return nil
        case .failure(let errno):
            throw .system(path: path, operation: "read", errno: errno.rawValue)
        }
    }

    /// At the end, the size of a regular file that is now shorter than the bytes already read
    /// from it: it was truncated while being read, as logrotate's `copytruncate` does. `nil`
    /// when it was not, or is not a regular file.
    package var truncatedSize: Int? {
        guard isRegularFile, case .success(let status) = Syscalls.fstat(fd), Int(status.st_size) < offset else { return nil }
        return Int(status.st_size)
    }
}
