import Foundation
import Glibc

/// A TCP server on 127.0.0.1 that plays a broker gone wrong: it accepts each connection and
/// then closes it as soon as the CONNECT has come, or never says anything.
final class FakeBroker: @unchecked Sendable {
    enum Behaviour {
        case closeAfterConnect
        case silent
    }

    let port: UInt16
    private let listener: CInt
    private let thread: Thread
    private let accepted = Accepted()

    /// The descriptors accepted, under a lock of their own.
    private final class Accepted: @unchecked Sendable {
        private let lock = NSLock()
        private var open: [CInt] = []
        private var total = 0

        func add(_ fd: CInt) {
            lock.withLock {
                total += 1
                open.append(fd)
            }
        }

        var count: Int { lock.withLock { total } }

        func closeAll() {
            lock.withLock {
                for fd in open { close(fd) }
                open = []
            }
        }
    }

    init(_ behaviour: Behaviour) throws {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = server
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(server, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let log = accepted
        thread = Thread {
            while true {
                let fd = accept(server, nil, nil)
                guard fd >= 0 else { return }
                log.add(fd)
                if case .closeAfterConnect = behaviour {
                    var buffer = [UInt8](repeating: 0, count: 256)
                    _ = read(fd, &buffer, buffer.count)
                    close(fd)
                }
            }
        }
        thread.start()
    }

    /// How many connections it accepted.
    var connectionCount: Int { accepted.count }

    /// Stops accepting and closes what is open.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        accepted.closeAll()
    }
}
