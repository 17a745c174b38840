import Glibc
import Locking

/// A TCP port on 127.0.0.1 that nothing listens on now, for a child process (gpsfake, gpsd,
/// `gps serve`) to bind later, perhaps again after a restart.
///
/// It lies below the kernel's ephemeral range (`net.ipv4.ip_local_port_range`, 32768–60999 by
/// default), which is where a port from `bind(port: 0)` comes from and where every outgoing
/// connection takes its local port: such a port can be taken by another test's client socket
/// before the child binds it, and the child's server then never listens.
///
/// A port is handed out once per process: a test that holds its port unbound for a while (a
/// client that is refused before its server starts) never sees another test take it.
public func freeLoopbackPort() -> UInt16 {
    for _ in 0..<1000 {
        let port = UInt16.random(in: 20_000..<32_768)
        guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
        if canListen(on: port) { return port }
    }
    fatalError("no free TCP port on 127.0.0.1 between 20000 and 32767")
}

/// The ports `freeLoopbackPort()` has handed out in this process.
private let handedOut = LockedState(Set<UInt16>())

/// Whether a socket can be bound to 127.0.0.1:`port`, as a server binds it (`SO_REUSEADDR`).
private func canListen(on port: UInt16) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var reuse: CInt = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<CInt>.size))
    return withLoopbackAddress(port: port) { bind(fd, $0, $1) == 0 }
}

/// Calls `body` with 127.0.0.1:`port` as a `sockaddr` and its length, for `bind` or `connect`.
package func withLoopbackAddress<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}

/// Whether this machine can bind IPv6 loopback (`::1`); containers without IPv6 cannot.
public func hasIPv6Loopback() -> Bool {
    let fd = socket(AF_INET6, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
    defer { if fd >= 0 { close(fd) } }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return fd >= 0 && withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
    }
}
