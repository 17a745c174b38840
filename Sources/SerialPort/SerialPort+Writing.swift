extension SerialPort {
    /// Writes all of `bytes` while the port is read, without blocking the calling thread: when
    /// the driver's output buffer is full, the task waits on the event loop for space, as reads do.
    ///
    /// Returns when the bytes are in the driver's buffer, not necessarily on the wire. Calls
    /// are not ordered among themselves: a caller that shares the port serialises its writes
    /// (`ReceiverLink` does).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to send.
    ///   - deadline: When to give up waiting for buffer space.
    /// - Returns: How many bytes were written: all of them, or fewer when `deadline` passed or
    ///   the task was cancelled while the receiver was not draining.
    /// - Throws: `.disconnected` when the device was unplugged; `.system` with `EBADF` for a
    ///   closed or read-only port, or another errno.
    public func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws(SerialPortError) -> Int {
        try await descriptor.send(bytes, waitingOnEventLoopUntil: deadline)
    }
}
