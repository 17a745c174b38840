import POSIXSupport

/// Writes all of `bytes` to `fd`, blocking, through the package's seam (`Syscalls.writeAll`): a
/// write into a full pipe that a signal interrupts (one of the suite's children exiting)
/// returns what it wrote so far, and the rest follows.
///
/// - Returns: Whether everything was written; false at the first failure other than `EINTR`.
@discardableResult
public func writeAll(_ fd: CInt, _ bytes: some Collection<UInt8>) -> Bool {
    Array(bytes).withUnsafeBytes { (try? Syscalls.writeAll(fd, $0).get()) != nil }
}
