extension SerialPort {
    /// Writes all of `bytes`, such as a receiver configuration command, waiting while the
    /// driver's output buffer is full.
    ///
    /// `EINTR` is retried and `EAGAIN` waited on in `poll`. Returns when the bytes are in the
    /// driver's buffer, not necessarily on the wire. The corresponding C functions are `write`
    /// and `poll`.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to send.
    ///   - timeout: The longest the whole write may wait for buffer space; 1 second by default.
    /// - Throws: `.disconnected` when the device was unplugged; `.system` with `EBADF` for a
    ///   read-only or closed port, `ETIMEDOUT` when the timeout passed with bytes unsent (some
    ///   may have been sent), or another errno.
    public func write(_ bytes: some Sequence<UInt8>, timeout: Duration = .seconds(1)) throws(SerialPortError) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let bytes = Array(bytes)
        try withDescriptor("write") { fd throws(SerialPortError) in
            var sent = 0
            while sent < bytes.count {
                let result = bytes.withUnsafeBytes { all in
                    Syscalls.write(fd, UnsafeRawBufferPointer(rebasing: all[sent...]))
                }
                switch result {
                case .success(let count):
                    sent += count
                case .failure(Errno.EINTR):
                    continue
                case .failure(Errno.EAGAIN):
                    try waitForBufferSpace(fd, until: deadline)
                case .failure(let errno):
                    throw .transferring(path, "write", errno)
                }
            }
        }
    }

    private func waitForBufferSpace(_ fd: CInt, until deadline: ContinuousClock.Instant) throws(SerialPortError) {
        switch Readiness.wait(on: fd, forOutput: true, closeSignal: closeSignal, until: deadline) {
        case .success(.ready): return
        case .success(.hungUp): throw .disconnected(path: path, errno: 0)
        case .success(.timedOut): throw .system(path: path, operation: "write", errno: Errno.ETIMEDOUT.rawValue)
        case .success(.closed), .success(.cancelled): throw .system(path: path, operation: "write", errno: Errno.EBADF.rawValue)
        case .failure(let errno): throw .system(path: path, operation: "poll", errno: errno.rawValue)
        }
    }
}
