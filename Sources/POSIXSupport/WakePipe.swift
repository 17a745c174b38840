/// A pipe that makes a `poll` return on demand: once fired, its read end is readable until
/// drained.
///
/// Closing a descriptor does not wake a thread blocked on it, so every blocking wait that
/// another thread must be able to end polls one of these beside its descriptors. A pipe that
/// is never drained wakes every current and future poller.
package final class WakePipe: Sendable {
    /// The end to poll for `POLLIN`.
    package let readEnd: CInt
    private let writeEnd: CInt

    /// A new close-on-exec, non-blocking pipe, or the `errno` of `pipe2`.
    package static func make() -> Result<WakePipe, Errno> {
        Syscalls.pipe().map { WakePipe(readEnd: $0.0, writeEnd: $0.1) }
    }

    private init(readEnd: CInt, writeEnd: CInt) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// Wakes the pollers. A full pipe (`EAGAIN`) is already as awake as it gets and needs no retry.
    package func fire() {
        let byte: [UInt8] = [1]
        _ = byte.withUnsafeBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.write(writeEnd, bytes) } }
    }

    /// Empties the pipe, so the next `poll` waits again.
    package func drain() {
        var sink = [UInt8](repeating: 0, count: 256)
        while case .success(let count) = sink.withUnsafeMutableBytes({ Syscalls.read(readEnd, $0) }), count > 0 {}
    }

    /// Closes both ends; the owner calls it once, when no thread can still poll it.
    package func close() {
        _ = Syscalls.close(readEnd)
        _ = Syscalls.close(writeEnd)
    }
}
