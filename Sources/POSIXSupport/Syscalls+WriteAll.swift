/// "Write everything", written once for every caller: a short write goes on from where it
/// stopped, `EINTR` is retried, and `EAGAIN` (a non-blocking descriptor whose buffer is full)
/// waits for room in the caller's way (`poll`, or the `EventLoop`) and goes on. Each form
/// advances `written`, so a caller that stops at a failure or a deadline knows how far it got
/// (a recording cuts the file back to its last whole line). The corresponding C function is
/// `write` (or whatever `write` stands for: `send`, a write through a leased descriptor).
extension Syscalls {
    /// Writes all of `buffer` to the blocking descriptor `fd`.
    ///
    /// - Returns: `.failure` with the errno of the first write that failed otherwise than with
    ///   `EINTR` (`EAGAIN` too: a blocking descriptor never says it).
    package static func writeAll(_ fd: CInt, _ buffer: UnsafeRawBufferPointer) -> Result<Void, Errno> {
        var written = 0
        return writeAll(fd, buffer, written: &written)
    }

    /// Writes `buffer` to the blocking descriptor `fd` from `written` on, advancing `written`.
    ///
    /// - Returns: `.failure` with the errno of the first write that failed otherwise than with
    ///   `EINTR`; `written` says how much was written before it.
    package static func writeAll(_ fd: CInt, _ buffer: UnsafeRawBufferPointer, written: inout Int) -> Result<Void, Errno> {
        writeAll(buffer, written: &written, write: { Syscalls.write(fd, $0) }, waitForRoom: nil)
    }

    /// Writes `buffer` from `written` on through `write`, which writes what it can of the bytes
    /// it is given; on `EAGAIN`, `waitForRoom` waits (in `poll`) and says whether to go on.
    ///
    /// - Returns: `.success` once every byte is written, or when `waitForRoom` said to stop (a
    ///   deadline: `written` is then short); `.failure` with the errno of the first write that
    ///   failed otherwise than with `EINTR` or `EAGAIN`, or with `EAGAIN` when there is no
    ///   `waitForRoom` (a descriptor that blocks).
    /// - Throws: What `write` or `waitForRoom` throws (a descriptor closed meanwhile, a hang-up).
    package static func writeAll<E: Error>(
        _ buffer: UnsafeRawBufferPointer, written: inout Int,
        write: (UnsafeRawBufferPointer) throws(E) -> Result<Int, Errno>,
        waitForRoom: (() throws(E) -> Bool)?
    ) throws(E) -> Result<Void, Errno> {
        while written < buffer.count {
            switch try write(UnsafeRawBufferPointer(rebasing: buffer[written...])) {
            case .success(let count): written += count
            case .failure(.EINTR): continue
            case .failure(.EAGAIN):
                guard let waitForRoom else { return .failure(.EAGAIN) }
                guard try waitForRoom() else { return .success(()) }
            case .failure(let errno): return .failure(errno)
            }
        }
        return .success(())
    }

    /// Writes `bytes` from `written` on through `write`, as the synchronous form does, waiting
    /// for room on `EAGAIN` without holding a thread (`waitForRoom` waits on the `EventLoop`).
    ///
    /// - Returns: `.success` once every byte is written, or when `waitForRoom` said to stop (a
    ///   deadline, a cancelled task: `written` is then short); `.failure` with the errno of the
    ///   first write that failed otherwise than with `EINTR` or `EAGAIN`.
    /// - Throws: What `write` or `waitForRoom` throws.
    package static func writeAll<E: Error>(
        _ bytes: [UInt8], written: inout Int,
        write: (UnsafeRawBufferPointer) throws(E) -> Result<Int, Errno>,
        waitForRoom: () async throws(E) -> Bool
    ) async throws(E) -> Result<Void, Errno> {
        while written < bytes.count {
            let start = written
            let attempt = bytes.withUnsafeBytes { all in
                Result { () throws(E) in try write(UnsafeRawBufferPointer(rebasing: all[start...])) }
            }
            switch try attempt.get() {
            case .success(let count): written += count
            case .failure(.EINTR): continue
            case .failure(.EAGAIN):
                guard try await waitForRoom() else { return .success(()) }
            case .failure(let errno): return .failure(errno)
            }
        }
        return .success(())
    }
}
