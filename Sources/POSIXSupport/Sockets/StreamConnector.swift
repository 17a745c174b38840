import Glibc

/// Opens a connected TCP socket (IPv4 or IPv6), non-blocking and close-on-exec, waiting for the
/// handshake on the `EventLoop`: the one client connect `GPSD` and `MQTT` share.
package enum StreamConnector {
    /// Why a connection could not be made.
    package enum Failure: Error, Equatable, Sendable {
        /// `getaddrinfo` found no address for the host.
        case unknownHost
        /// `socket` itself failed (`EMFILE`: too many descriptors).
        case socket(Errno)
        /// The handshake failed: `ECONNREFUSED` (nothing listens), `ETIMEDOUT` (no answer within
        /// the timeout), `ECANCELED` (the task was cancelled), `ENETUNREACH`...
        case connect(Errno)
    }

    /// Connects to `host` at `port`, waiting at most `timeout` for the handshake; the name is
    /// resolved on a thread that may block, off the cooperative pool.
    ///
    /// - Returns: The connected descriptor, which the caller closes.
    package static func connect(host: String, port: UInt16, timeout: Duration) async -> Result<CInt, Failure> {
        let resolved = await runBlocking("POSIXSupport.resolve") { Syscalls.resolve(host) }
        guard var endpoint = resolved else { return .failure(.unknownHost) }
        endpoint.port = port
        let fd: CInt
        switch Syscalls.streamSocket(family: endpoint.family) {
        case .success(let socket): fd = socket
        case .failure(let errno): return .failure(.socket(errno))
        }
        var outcome = Syscalls.retryingOnInterrupt { Syscalls.connect(fd, endpoint) }.map { _ in CInt(0) }
        if case .failure(.EINPROGRESS) = outcome {
            let writable = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            switch await EventLoop.shared.wait(for: writable, until: .now + timeout) {
            case .ready:
                let error = Syscalls.pendingError(fd)
                outcome = error == 0 ? .success(0) : .failure(Errno(error))
            case .timedOut:
                outcome = .failure(.ETIMEDOUT)
            case .cancelled:
                outcome = .failure(.ECANCELED)
            case .failed(let errno):
                outcome = .failure(errno)
            }
        }
        switch outcome {
        case .success:
            return .success(fd)
        case .failure(let errno):
            _ = Syscalls.close(fd)
            return .failure(.connect(errno))
        }
    }
}
