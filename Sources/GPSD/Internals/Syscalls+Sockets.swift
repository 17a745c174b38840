import CGPSD
import Glibc
import POSIXSupport

/// The socket calls only `GPSD` makes, through the package's one seam (`Syscalls.check`).
/// Every descriptor is made close-on-exec, so a spawned child never keeps a connection open.
extension Syscalls {
    /// A close-on-exec, non-blocking TCP/IPv4 socket (`socket(AF_INET, SOCK_STREAM)`).
    static func tcpSocket() -> Result<CInt, Errno> {
        let type = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue)
        return check(.socket) { Glibc.socket(AF_INET, type, 0) }
    }

    /// `setsockopt(SOL_SOCKET, SO_REUSEADDR, 1)`: a restarted server binds its port at once.
    static func reuseAddress(_ fd: CInt) -> Result<Void, Errno> {
        var on: CInt = 1
        return check(.setsockopt) {
            Glibc.setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<CInt>.size))
        }.map { _ in }
    }

    /// `setsockopt(SOL_SOCKET, SO_SNDBUF)`: caps what the kernel buffers for a peer that does
    /// not read (the kernel doubles the figure for its bookkeeping).
    static func limitSendBuffer(_ fd: CInt, bytes: Int) -> Result<Void, Errno> {
        var size = CInt(clamping: bytes)
        return check(.setsockopt) {
            Glibc.setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<CInt>.size))
        }.map { _ in }
    }

    static func bind(_ fd: CInt, _ address: sockaddr_in) -> Result<Void, Errno> {
        withSocketAddress(address) { pointer, length in check(.bind) { Glibc.bind(fd, pointer, length) } }.map { _ in }
    }

    static func listen(_ fd: CInt, backlog: CInt) -> Result<Void, Errno> {
        check(.listen) { Glibc.listen(fd, backlog) }.map { _ in }
    }

    /// `accept4` with `SOCK_CLOEXEC | SOCK_NONBLOCK`: a connected, non-blocking descriptor.
    static func accept(_ fd: CInt) -> Result<CInt, Errno> {
        check(.accept) { cgpsd_accept_cloexec_nonblock(fd) }
    }

    /// `connect` on a non-blocking socket: `EINPROGRESS` means poll for output, then ask
    /// `pendingError`.
    static func connect(_ fd: CInt, _ address: sockaddr_in) -> Result<Void, Errno> {
        withSocketAddress(address) { pointer, length in check(.connect) { Glibc.connect(fd, pointer, length) } }.map { _ in }
    }

    /// The outcome of a non-blocking `connect` (`getsockopt(SO_ERROR)`): 0 when it succeeded.
    static func pendingError(_ fd: CInt) -> CInt {
        var error: CInt = 0
        var length = socklen_t(MemoryLayout<CInt>.size)
        guard Glibc.getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }

    /// The address a socket is bound to (`getsockname`): how a server bound to port 0 learns its port.
    static func localAddress(_ fd: CInt) -> Result<sockaddr_in, Errno> {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.getsockname(fd, $0, &length) }
        }
        return status == 0 ? .success(address) : .failure(.current)
    }

    /// The IPv4 address of `host` (a dotted quad or a name, `getaddrinfo`), port still 0.
    static func resolve(_ host: String) -> sockaddr_in? {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        return first.pointee.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
    }

    /// `send` with `MSG_NOSIGNAL`: a peer that has gone is `EPIPE`, not a `SIGPIPE` that ends the process.
    static func send(_ fd: CInt, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        check(.send) { Glibc.send(fd, buffer.baseAddress, buffer.count, CInt(MSG_NOSIGNAL)) }
    }

    private static func withSocketAddress<T>(
        _ address: sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T
    ) -> T {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
