import Glibc

/// Writes all of `bytes` to `fd`, blocking: a write into a full pipe that a signal interrupts
/// (one of the suite's children exiting) returns what it wrote so far, and the rest follows.
///
/// - Returns: Whether everything was written; false at the first failure other than `EINTR`.
@discardableResult
public func writeAll(_ fd: CInt, _ bytes: some Collection<UInt8>) -> Bool {
    Array(bytes).withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = write(fd, buffer.baseAddress! + written, buffer.count - written)
            if count > 0 {
                written += count
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }
}
