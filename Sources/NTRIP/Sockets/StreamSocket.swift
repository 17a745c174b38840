import Glibc
import POSIXSupport

/// A connected, non-blocking TCP socket whose reads and writes wait on the `EventLoop`: the
/// client's connection to a caster, and each of the caster's clients.
final class StreamSocket: Sendable {
    /// What a read found.
    enum Reading: Equatable {
        /// `count` bytes, at least one.
        case bytes(Int)
        /// The peer closed its end (or reset it).
        case closed
        /// Nothing came before the deadline.
        case timedOut
        /// The task was cancelled.
        case cancelled
    }

    let fd: CInt

    /// Owns `fd`, which it closes at `close()`.
    init(fd: CInt) {
        self.fd = fd
    }

    /// Connects to `host`:`port` within `timeout`.
    static func connect(host: String, port: UInt16, timeout: Duration) async throws(NTRIPError) -> StreamSocket {
        switch await StreamConnector.connect(host: host, port: port, timeout: timeout) {
        case .success(let fd): return StreamSocket(fd: fd)
        case .failure(.unknownHost): throw .unknownHost(host)
        case .failure(.socket(let errno)), .failure(.connect(let errno)): throw .connectionFailed(errno: errno.rawValue)
        }
    }

    func close() {
        _ = Syscalls.close(fd)
    }

    /// Reads what has come into `buffer`, waiting until `deadline` (`nil`: no limit) for the first byte.
    func read(into buffer: inout [UInt8], until deadline: ContinuousClock.Instant?) async -> Reading {
        while true {
            let result = buffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.read(fd, bytes) } }
            switch result {
            case .success(0): return .closed
            case .success(let count): return .bytes(count)
            case .failure(.EAGAIN), .failure(.EWOULDBLOCK): break
            case .failure: return .closed  // ECONNRESET and the like: the connection is over
            }
            switch await EventLoop.shared.waitUntilReadable(fd, until: deadline) {
            case .ready: continue
            case .timedOut: return .timedOut
            case .cancelled: return .cancelled
            case .failed: return .closed
            }
        }
    }

    /// Sends `bytes` whole, waiting on the loop while the socket's buffer is full, until `deadline`.
    ///
    /// - Throws: `.sendFailed` with `EPIPE`, `ECONNRESET`..., with `ETIMEDOUT` at the deadline,
    ///   or `ECANCELED` when the task is cancelled.
    func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws(NTRIPError) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Syscalls.retryingOnInterrupt { Syscalls.send(fd, UnsafeRawBufferPointer(rebasing: buffer[sent...])) }
            }
            switch result {
            case .success(let count):
                sent += count
                continue
            case .failure(.EAGAIN), .failure(.EWOULDBLOCK):
                break
            case .failure(let errno):
                throw .sendFailed(errno: errno.rawValue)
            }
            let writable = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            switch await EventLoop.shared.wait(for: writable, until: deadline) {
            case .ready: continue
            case .timedOut: throw .sendFailed(errno: ETIMEDOUT)
            case .cancelled: throw .sendFailed(errno: ECANCELED)
            case .failed(let errno): throw .sendFailed(errno: errno.rawValue)
            }
        }
    }
}
