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

    /// Connects to `address`, waiting at most `timeout` milliseconds for the handshake.
    static func connect(to address: GPSDAddress, timeout: CInt) -> Result<CInt, GPSDError> {
        guard var endpoint = Syscalls.resolve(address.host) else { return .failure(.unknownHost(address.host)) }
        endpoint.sin_port = address.port.bigEndian
        let fd: CInt
        switch Syscalls.tcpSocket() {
        case .success(let socket): fd = socket
        case .failure(let errno): return .failure(.system(operation: "socket", errno: errno.rawValue))
        }
        var outcome = Syscalls.retryingOnInterrupt { Syscalls.connect(fd, endpoint) }.map { _ in CInt(0) }
        if case .failure(.EINPROGRESS) = outcome {
            var probe = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            outcome = Syscalls.retryingOnInterrupt { Syscalls.poll(&probe, timeout: timeout) }.flatMap { ready in
                guard ready > 0 else { return .failure(.ETIMEDOUT) }
                let error = Syscalls.pendingError(fd)
                return error == 0 ? .success(0) : .failure(Errno(error))
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
