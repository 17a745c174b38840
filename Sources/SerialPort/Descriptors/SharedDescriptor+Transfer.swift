import Glibc
import POSIXSupport

extension SharedDescriptor {
    /// What a `receive` ended with.
    enum ReceiveOutcome: Equatable {
        case bytes(Int)
        case timedOut
        case closed
    }

    /// Reads what is available, waiting in `poll` until `deadline` (`nil`: no limit) for the
    /// first byte. Retries `EINTR`, waits on `EAGAIN`; end of file or a hang-up with nothing
    /// left to read is `.disconnected`.
    func receive(
        into buffer: UnsafeMutableRawBufferPointer, until deadline: ContinuousClock.Instant?
    ) throws(SerialPortError) -> ReceiveOutcome {
        guard buffer.count > 0 else { return .bytes(0) }
        // Closed before this call started is the same outcome as closed while it waited.
        return try ifOpen { fd throws(SerialPortError) in
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
                    // poll said the line hung up and nothing is left to read: it is gone.
                    throw .disconnected(path: path, errno: 0)
                case .failure(Errno.EAGAIN):
                    switch Readiness.wait(on: fd, closeSignal: closeSignal, until: deadline) {
                    case .success(.ready): continue
                    case .success(.hungUp): hungUp = true  // read once more for bytes still queued
                    case .success(.timedOut): return .timedOut
                    case .success(.closed): return .closed
                    case .failure(let errno): throw .system(path: path, operation: "poll", errno: errno.rawValue)
                    }
                case .failure(let errno):
                    throw .transferring(path, "read", errno)
                }
            }
        } ?? .closed
    }

    /// Reads what is available without waiting: `.bytes` (never 0), `.timedOut` when nothing is
    /// (the caller waits), `.closed` once closed. End of file, or nothing left to read after a
    /// hang-up (`hungUp`), is `.disconnected`.
    func receiveAvailable(into buffer: UnsafeMutableRawBufferPointer, hungUp: Bool) throws(SerialPortError) -> ReceiveOutcome {
        try ifOpen { fd throws(SerialPortError) in
            while true {
                switch Syscalls.read(fd, buffer) {
                case .success(0): throw .disconnected(path: path, errno: 0)
                case .success(let count): return .bytes(count)
                case .failure(Errno.EINTR): continue
                case .failure(Errno.EAGAIN) where hungUp: throw .disconnected(path: path, errno: 0)
                case .failure(Errno.EAGAIN): return .timedOut
                case .failure(let errno): throw .transferring(path, "read", errno)
                }
            }
        } ?? .closed
    }

    /// Waits on the event loop until the descriptor can take bytes; false when it was closed
    /// meanwhile or the task was cancelled.
    func waitUntilWritable() async -> Bool {
        await waitUntilWritable(until: nil) == .ready
    }

    /// What a wait for buffer space ended with.
    enum WritableOutcome: Equatable {
        case ready, hungUp, timedOut, cancelled, closed
    }

    /// Waits on the event loop until the descriptor can take bytes, it hangs up, `deadline`
    /// passes (`nil`: never), it is closed or the task is cancelled.
    func waitUntilWritable(until deadline: ContinuousClock.Instant?) async -> WritableOutcome {
        guard let fd = lease() else { return .closed }
        defer { endLease() }
        let outcome = await EventLoop.shared.wait(
            for: [pollfd(fd: closeSignal.readEnd, events: Int16(POLLIN), revents: 0),
                  pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)],
            until: deadline)
        switch outcome {
        case .ready(let revents) where revents[0] != 0: return .closed
        case .ready(let revents) where revents[1] & Int16(POLLOUT) == 0: return .hungUp
        case .ready: return .ready
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .failed: return .closed
        }
    }

    /// Writes `bytes` without blocking the thread: each time the driver's buffer is full, waits
    /// on the event loop for space until `deadline`. Returns how many bytes were written, fewer
    /// than all only when the deadline passed or the task was cancelled. Retries `EINTR`.
    func send(_ bytes: [UInt8], waitingOnEventLoopUntil deadline: ContinuousClock.Instant) async throws(SerialPortError) -> Int {
        var sent = 0
        let result = try await Syscalls.writeAll(bytes, written: &sent) { buffer throws(SerialPortError) in
            try withDescriptor("write") { fd in Syscalls.write(fd, buffer) }
        } waitForRoom: { () async throws(SerialPortError) -> Bool in
            switch await waitUntilWritable(until: deadline) {
            case .ready: return true
            case .hungUp: throw .disconnected(path: path, errno: 0)
            case .timedOut, .cancelled: return false
            case .closed: throw .system(path: path, operation: "write", errno: Errno.EBADF.rawValue)
            }
        }
        if case .failure(let errno) = result { throw .transferring(path, "write", errno) }
        return sent
    }

    /// Whether the descriptor is readable now (`poll` with no wait): `.timedOut` when not.
    func readinessNow() throws(SerialPortError) -> Readiness.Outcome {
        try ifOpen { fd throws(SerialPortError) in
            switch Readiness.wait(on: fd, closeSignal: closeSignal, until: .now) {
            case .success(let outcome): return outcome
            case .failure(let errno): throw .system(path: path, operation: "poll", errno: errno.rawValue)
            }
        } ?? .closed
    }

    /// Writes `bytes`, waiting in `poll` for buffer space until `deadline`; returns how many
    /// were written, fewer than all only when the deadline passed. Retries `EINTR`.
    func send(_ bytes: ArraySlice<UInt8>, until deadline: ContinuousClock.Instant) throws(SerialPortError) -> Int {
        try withDescriptor("write") { fd throws(SerialPortError) in try send(bytes, on: fd, until: deadline) }
    }

    private func send(_ bytes: ArraySlice<UInt8>, on fd: CInt, until deadline: ContinuousClock.Instant) throws(SerialPortError) -> Int {
        let waitForRoom = { () throws(SerialPortError) -> Bool in
            switch Readiness.wait(on: fd, forOutput: true, closeSignal: self.closeSignal, until: deadline) {
            case .success(.ready): return true
            case .success(.hungUp): throw .disconnected(path: self.path, errno: 0)
            case .success(.timedOut): return false
            case .success(.closed): throw .system(path: self.path, operation: "write", errno: Errno.EBADF.rawValue)
            case .failure(let errno): throw .system(path: self.path, operation: "poll", errno: errno.rawValue)
            }
        }
        var sent = 0
        let attempt: Result<Result<Void, Errno>, SerialPortError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(SerialPortError) -> Result<Void, Errno> in
                try Syscalls.writeAll(
                    buffer, written: &sent, write: { part throws(SerialPortError) in Syscalls.write(fd, part) }, waitForRoom: waitForRoom)
            }
        }
        if case .failure(let errno) = try attempt.get() { throw .transferring(path, "write", errno) }
        return sent
    }
}
