import POSIXSupport

extension SerialPort {
    /// Reads the bytes that are available, waiting up to `timeout` for the first one.
    ///
    /// Waits in `poll`, so an idle port costs no CPU. `EINTR` is retried and `EAGAIN` waited on.
    /// It blocks the calling thread: from async code, iterate `chunks()` instead. The
    /// corresponding C functions are `poll` and `read`.
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
        switch try descriptor.receive(into: buffer, until: deadline) {
        case .bytes(let count): return count
        case .timedOut: return 0
        case .closed: throw .system(path: path, operation: "read", errno: Errno.EBADF.rawValue)
        }
    }

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
        let bytes = Array(bytes)
        let sent = try descriptor.send(bytes[...], until: ContinuousClock.now.advanced(by: timeout))
        guard sent == bytes.count else {
            throw .system(path: path, operation: "write", errno: Errno.ETIMEDOUT.rawValue)
        }
    }
}
