import Dispatch
import Glibc
import POSIXSupport

/// TCP endpoints opened through `Syscalls`: a listening socket for the server, a connected
/// one for the client. Both are non-blocking and close-on-exec.
enum Sockets {
    /// Binds and listens on `address`; returns the descriptor and the address really bound
    /// (its port chosen by the system when `address.port` is 0).
    static func listen(on address: GPSDAddress) -> Result<(CInt, GPSDAddress), GPSDError> {
        guard var endpoint = Syscalls.resolve(address.host) else { return .failure(.unknownHost(address.host)) }
        endpoint.sin_port = address.port.bigEndian
        let fd: CInt
        switch Syscalls.tcpSocket() {
        case .success(let socket): fd = socket
        case .failure(let errno): return .failure(.system(operation: "socket", errno: errno.rawValue))
        }
        let bound = Syscalls.reuseAddress(fd)
            .flatMap { Syscalls.bind(fd, endpoint) }
            .flatMap { Syscalls.listen(fd, backlog: 64) }
            .flatMap { Syscalls.localAddress(fd) }
        switch bound {
        case .success(let local):
            return .success((fd, GPSDAddress(host: address.host, port: UInt16(bigEndian: local.sin_port))))
        case .failure(let errno):
            _ = Syscalls.close(fd)
            return .failure(.cannotListen(address, errno: errno.rawValue))
        }
    }

    /// Connects to `address`, waiting on the event loop at most `timeout` for the handshake;
    /// the name is resolved on a thread that may block, off the cooperative pool.
    static func connect(to address: GPSDAddress, timeout: Duration) async -> Result<CInt, GPSDError> {
        let resolved = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Syscalls.resolve(address.host)) }
        }
        guard var endpoint = resolved else { return .failure(.unknownHost(address.host)) }
        endpoint.sin_port = address.port.bigEndian
        let fd: CInt
        switch Syscalls.tcpSocket() {
        case .success(let socket): fd = socket
        case .failure(let errno): return .failure(.system(operation: "socket", errno: errno.rawValue))
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
            return .failure(errno == .ECONNREFUSED ? .connectionRefused(address) : .connectionFailed(address, errno: errno.rawValue))
        }
    }
}
