/// A pipe that makes a `poll` return on demand.
///
/// Closing a descriptor does not wake a thread blocked on it, so the serving and reading
/// loops poll one of these beside their sockets.
final class WakePipe: Sendable {
    /// The end to poll for `POLLIN`.
    let readEnd: CInt
    private let writeEnd: CInt

    /// A new pipe, or the `errno` of `pipe2`.
    static func make() -> Result<WakePipe, Errno> {
        Syscalls.pipe().map { WakePipe(readEnd: $0.0, writeEnd: $0.1) }
    }

    private init(readEnd: CInt, writeEnd: CInt) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// Wakes the poller. A full pipe (`EAGAIN`) is already as awake as it gets.
    func fire() {
        let byte: [UInt8] = [1]
        _ = byte.withUnsafeBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.write(writeEnd, bytes) } }
    }

    /// Empties the pipe, so the next `poll` waits again.
    func drain() {
        var sink = [UInt8](repeating: 0, count: 256)
        while case .success(let count) = sink.withUnsafeMutableBytes({ Syscalls.read(readEnd, $0) }), count > 0 {}
    }

    /// Closes both ends; the owner calls it once, when no thread can still poll it.
    func close() {
        _ = Syscalls.close(readEnd)
        _ = Syscalls.close(writeEnd)
    }
}
