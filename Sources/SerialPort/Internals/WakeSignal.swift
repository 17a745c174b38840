/// A pipe that makes a `poll` return on demand: once fired, its read end stays readable.
///
/// Closing a descriptor does not wake a thread blocked on it, so every blocking wait in the
/// module polls one of these beside the device.
final class WakeSignal: Sendable {
    /// The end to poll for `POLLIN`.
    let readEnd: CInt
    private let writeEnd: CInt

    /// A new signal, or the `errno` of `pipe2`.
    static func make() -> Result<WakeSignal, Errno> {
        Syscalls.pipe().map { WakeSignal(readEnd: $0.0, writeEnd: $0.1) }
    }

    private init(readEnd: CInt, writeEnd: CInt) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// Wakes every current and future poller. Nothing drains the pipe, so a full pipe
    /// (`EAGAIN`) is already as awake as it gets and needs no retry.
    func fire() {
        let byte: [UInt8] = [1]
        _ = byte.withUnsafeBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.write(writeEnd, bytes) } }
    }

    /// Closes both ends; the owner calls it once, when no thread can still poll it.
    func close() {
        _ = Syscalls.close(readEnd)
        _ = Syscalls.close(writeEnd)
    }
}
