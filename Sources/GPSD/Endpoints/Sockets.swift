import Glibc
import POSIXSupport

/// Endpoints opened through `Syscalls`: a listening TCP socket (IPv4 or IPv6) for the server,
/// a connected one for the client, a listening Unix socket for the control socket. All are
/// non-blocking and close-on-exec.
enum Sockets {
    /// Binds and listens on `address`; returns the descriptor and the address really bound
    /// (its port chosen by the system when `address.port` is 0). An IPv6 listener takes IPv6
    /// only, so that IPv4 loopback can listen on the same port beside it.
    static func listen(on address: GPSDAddress) -> Result<(CInt, GPSDAddress), GPSDError> {
        guard var endpoint = Syscalls.resolve(address.host) else { return .failure(.unknownHost(address.host)) }
        endpoint.port = address.port
        let fd: CInt
        switch Syscalls.streamSocket(family: endpoint.family) {
        case .success(let socket): fd = socket
        case .failure(let errno): return .failure(.system(operation: "socket", errno: errno.rawValue))
        }
        let bound = Syscalls.reuseAddress(fd)
            .flatMap { endpoint.family == AF_INET6 ? Syscalls.takeIPv6Only(fd) : .success(()) }
            .flatMap { Syscalls.bind(fd, endpoint) }
            .flatMap { Syscalls.listen(fd, backlog: 64) }
            .flatMap { Syscalls.localPort(fd) }
        switch bound {
        case .success(let port):
            return .success((fd, GPSDAddress(host: address.host, port: port)))
        case .failure(let errno):
            _ = Syscalls.close(fd)
            return .failure(.cannotListen(address, errno: errno.rawValue))
        }
    }

    /// Binds and listens on the Unix stream socket at `path`, replacing a socket file left
    /// there by a server that died (never another kind of file, nor a socket a server still
    /// answers on: `EADDRINUSE`); mode 0660, as gpsd makes its control socket.
    static func listen(onUnixPath path: FilePath) -> Result<CInt, GPSDError> {
        let name = path.description
        guard let endpoint = SocketEndpoint(unixPath: path) else { return .failure(.cannotControl(name, errno: ENAMETOOLONG)) }
        if case .success(let status) = Syscalls.linkStatus(path) {
            guard status.st_mode & S_IFMT == S_IFSOCK else { return .failure(.cannotControl(name, errno: EEXIST)) }
            guard !isAnswered(endpoint) else { return .failure(.cannotControl(name, errno: EADDRINUSE)) }
            _ = Syscalls.unlink(path)
        }
        let fd: CInt
        switch Syscalls.streamSocket(family: AF_UNIX) {
        case .success(let socket): fd = socket
        case .failure(let errno): return .failure(.cannotControl(name, errno: errno.rawValue))
        }
        let bound = Syscalls.bind(fd, endpoint).flatMap { Syscalls.listen(fd, backlog: 16) }
        switch bound {
        case .success:
            _ = path.withCString { chmod($0, 0o660) }
            return .success(fd)
        case .failure(let errno):
            _ = Syscalls.close(fd)
            return .failure(.cannotControl(name, errno: errno.rawValue))
        }
    }

    /// Whether a server may listen on the Unix socket `endpoint` now. Only a refused connection
    /// (`ECONNREFUSED`: the socket file its server left behind) or a file gone meanwhile says
    /// none does; anything else, such as another user's socket this one may not reach or a full
    /// backlog, is taken for a live server, never unlinked.
    private static func isAnswered(_ endpoint: SocketEndpoint) -> Bool {
        guard case .success(let fd) = Syscalls.streamSocket(family: AF_UNIX) else { return true }
        defer { _ = Syscalls.close(fd) }
        switch Syscalls.connect(fd, endpoint) {
        case .success: return true
        case .failure(let errno): return errno != Errno(ECONNREFUSED) && errno != Errno(ENOENT)
        }
    }

    /// Connects to `address`, waiting on the event loop at most `timeout` for the handshake
    /// (`StreamConnector`, which `MQTT` shares), with the failure as a `GPSDError`.
    static func connect(to address: GPSDAddress, timeout: Duration) async -> Result<CInt, GPSDError> {
        await StreamConnector.connect(host: address.host, port: address.port, timeout: timeout).mapError { failure in
            switch failure {
            case .unknownHost: .unknownHost(address.host)
            case .socket(let errno): .system(operation: "socket", errno: errno.rawValue)
            case .connect(.ECONNREFUSED): .connectionRefused(address)
            case .connect(let errno): .connectionFailed(address, errno: errno.rawValue)
            }
        }
    }
}
