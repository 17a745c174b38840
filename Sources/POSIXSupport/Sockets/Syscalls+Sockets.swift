import Glibc

/// The socket calls `GPSD` and `MQTT` make, through the package's one seam (`Syscalls.check`).
/// Every descriptor is made close-on-exec, so a spawned child never keeps a connection open.
extension Syscalls {
    /// A close-on-exec, non-blocking stream socket of `family` (`socket(family, SOCK_STREAM)`):
    /// TCP for `AF_INET` and `AF_INET6`, a Unix socket for `AF_UNIX`.
    package static func streamSocket(family: CInt) -> Result<CInt, Errno> {
        let type = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue)
        return check(.socket) { Glibc.socket(family, type, 0) }
    }

    /// `setsockopt(IPPROTO_IPV6, IPV6_V6ONLY, 1)`: an IPv6 listener takes IPv6 only, so an
    /// IPv4 one can share its port.
    package static func takeIPv6Only(_ fd: CInt) -> Result<Void, Errno> {
        var on: CInt = 1
        return check(.setsockopt) {
            Glibc.setsockopt(fd, CInt(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<CInt>.size))
        }.map { _ in }
    }

    /// `setsockopt(SOL_SOCKET, SO_REUSEADDR, 1)`: a restarted server binds its port at once.
    package static func reuseAddress(_ fd: CInt) -> Result<Void, Errno> {
        var on: CInt = 1
        return check(.setsockopt) {
            Glibc.setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<CInt>.size))
        }.map { _ in }
    }

    /// `setsockopt(SOL_SOCKET, SO_SNDBUF)`: caps what the kernel buffers for a peer that does
    /// not read (the kernel doubles the figure for its bookkeeping).
    package static func limitSendBuffer(_ fd: CInt, bytes: Int) -> Result<Void, Errno> {
        var size = CInt(clamping: bytes)
        return check(.setsockopt) {
            Glibc.setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<CInt>.size))
        }.map { _ in }
    }

    package static func bind(_ fd: CInt, _ address: SocketEndpoint) -> Result<Void, Errno> {
        address.withAddress { pointer, length in check(.bind) { Glibc.bind(fd, pointer, length) } }.map { _ in }
    }

    package static func listen(_ fd: CInt, backlog: CInt) -> Result<Void, Errno> {
        check(.listen) { Glibc.listen(fd, backlog) }.map { _ in }
    }


    /// `connect` on a non-blocking socket: `EINPROGRESS` means poll for output, then ask
    /// `pendingError`.
    package static func connect(_ fd: CInt, _ address: SocketEndpoint) -> Result<Void, Errno> {
        address.withAddress { pointer, length in check(.connect) { Glibc.connect(fd, pointer, length) } }.map { _ in }
    }

    /// The outcome of a non-blocking `connect` (`getsockopt(SO_ERROR)`): 0 when it succeeded.
    package static func pendingError(_ fd: CInt) -> CInt {
        var error: CInt = 0
        var length = socklen_t(MemoryLayout<CInt>.size)
        guard Glibc.getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }

    /// The TCP port a socket is bound to (`getsockname`): how a server bound to port 0 learns its port.
    package static func localPort(_ fd: CInt) -> Result<UInt16, Errno> {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.getsockname(fd, $0, &length) }
        }
        guard status == 0 else { return .failure(.current) }
        return .success(withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketEndpoint($0, length: length).port }
        })
    }

    /// The first address of `host` (an IPv4 address, an IPv6 one, or a name, `getaddrinfo`),
    /// port still 0.
    package static func resolve(_ host: String) -> SocketEndpoint? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        return SocketEndpoint(first.pointee.ai_addr, length: first.pointee.ai_addrlen)
    }

    /// `send` with `MSG_NOSIGNAL`: a peer that has gone is `EPIPE`, not a `SIGPIPE` that ends the process.
    package static func send(_ fd: CInt, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        check(.send) { Glibc.send(fd, buffer.baseAddress, buffer.count, CInt(MSG_NOSIGNAL)) }
    }
}
