import Glibc
import POSIXSupport

/// A capture read a chunk at a time through the syscall seam: a regular file, standard input,
/// a FIFO or a character device alike, never mapped, so a file truncated under the reader
/// ends the read with an error instead of a signal.
package final class CaptureFile {
    /// The path given.
    package let path: String
    private let fd: CInt
    private var offset = 0
    private var isRegularFile = false

    /// Opens `path` for reading.
    ///
    /// - Throws: `SerialPortError` for `open`'s errno (`.notFound`, `.permissionDenied`...).
    package init(path: String) throws(SerialPortError) {
        self.path = path
        fd = try Syscalls.retryingOnInterrupt { Syscalls.open(path, O_RDONLY | O_CLOEXEC) }
            .get { .opening(path, "open", $0) }
        if case .success(let status) = Syscalls.fstat(fd) { isRegularFile = status.st_mode & S_IFMT == S_IFREG }
    }

    deinit {
        _ = Syscalls.close(fd)
    }

    /// The bytes read so far.
    package var bytesRead: Int { offset }

    /// Reads up to `buffer.count` bytes; 0 at the end.
    ///
    /// - Throws: `.system` for `read`'s errno.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SerialPortError) -> Int {
        let count = try Syscalls.retryingOnInterrupt { Syscalls.read(fd, buffer) }
            .get { .system(path: path, operation: "read", errno: $0.rawValue) }
        offset += count
        return count
    }

    /// At the end, the size of a regular file that is now shorter than the bytes already read
    /// from it: it was truncated while being read, as logrotate's `copytruncate` does. `nil`
    /// when it was not, or is not a regular file.
    package var truncatedSize: Int? {
        guard isRegularFile, case .success(let status) = Syscalls.fstat(fd), Int(status.st_size) < offset else { return nil }
        return Int(status.st_size)
    }
}
