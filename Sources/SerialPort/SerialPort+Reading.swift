extension SerialPort {
    /// Reads the bytes that are available, waiting up to `timeout` for the first one.
    ///
    /// Waits in `poll`, so an idle port costs no CPU. `EINTR` is retried and `EAGAIN` waited on.
    /// The corresponding C functions are `poll` and `read`.
    ///
    /// - Parameters:
    ///   - buffer: Where the bytes go; at most `buffer.count` are read.
    ///   - timeout: The longest wait for the first byte; `nil` waits until bytes arrive, the
    ///     device goes away, or the port is closed.
    /// - Returns: The number of bytes read, 0 only when the timeout passed (or `buffer` is empty).
    /// - Throws: `.disconnected` when the device was unplugged (`EIO`, `ENXIO`, hang-up, end of
    ///   file), or `.system` (`EBADF` when the port is or gets closed).
    public func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Duration?) throws(SerialPortError) -> Int {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        switch try receive(into: buffer, until: deadline, cancelSignal: nil) {
        case .bytes(let count): return count
        case .timedOut: return 0
        case .closed, .cancelled: throw .system(path: path, operation: "read", errno: Errno.EBADF.rawValue)
        }
    }

    /// What a `receive` ended with.
    enum ReceiveOutcome: Equatable {
        case bytes(Int)
        case timedOut
        case closed
        case cancelled
    }

    /// The read loop shared by `read(into:timeout:)` and `chunks()`.
    func receive(
        into buffer: UnsafeMutableRawBufferPointer, until deadline: ContinuousClock.Instant?,
        cancelSignal: WakeSignal?
    ) throws(SerialPortError) -> ReceiveOutcome {
        guard buffer.count > 0 else { return .bytes(0) }
        return try withDescriptor("read") { fd throws(SerialPortError) in
            var hungUp = false
            while true {
                switch Syscalls.read(fd, buffer) {
                case .success(0):
                    throw .disconnected(path: path, errno: 0)
                case .success(let count):
                    return .bytes(count)
                case .failure(Errno.EINTR):
                    continue
                case .failure(Errno.EAGAIN) where hungUp:
                    // poll said the line hung up yet nothing is left to read: it is gone.
                    throw .disconnected(path: path, errno: 0)
                case .failure(Errno.EAGAIN):
                    let wait = Readiness.wait(
                        on: fd, closeSignal: closeSignal, cancelSignal: cancelSignal, until: deadline)
                    switch wait {
                    case .success(.ready): continue
                    case .success(.hungUp): hungUp = true  // read once more for bytes still queued
                    case .success(.timedOut): return .timedOut
                    case .success(.closed): return .closed
                    case .success(.cancelled): return .cancelled
                    case .failure(let errno): throw .system(path: path, operation: "poll", errno: errno.rawValue)
                    }
                case .failure(let errno):
                    throw .transferring(path, "read", errno)
                }
            }
        }
    }
}
