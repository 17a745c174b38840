import Foundation
import Glibc
import TestSupport

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

        func count(_ fd: CInt, keepingOpen: Bool) {
            lock.withLock {
                total += 1
                if keepingOpen { open.append(fd) }
            }
        }

        var count: Int { lock.withLock { total } }

        func closeAll() {
            lock.withLock {
                for fd in open {
                    shutdown(fd, Int32(SHUT_RDWR))
                    close(fd)
                }
                open = []
            }
        }
    }

    init(_ behaviour: Behaviour) throws {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        listener = server
        let bound = withLoopbackAddress(port: 0) { bind(server, $0, $1) }
        guard bound == 0, Glibc.listen(server, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let log = accepted
        thread = Thread {
            while true {
                let fd = accept(server, nil, nil)
                // Stopped (shut down): only now is the listener closed, so its number cannot
                // be another test's while this thread may still accept on it.
                guard fd >= 0 else {
                    close(server)
                    return
                }
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                // A descriptor closed here is not kept: its number may soon be another test's.
                if case .closeAfterConnect = behaviour {
                    log.count(fd, keepingOpen: false)
                    var buffer = [UInt8](repeating: 0, count: 256)
                    _ = read(fd, &buffer, buffer.count)
                    // Shut down, not only closed: a child another test spawns meanwhile may
                    // hold a copy of the descriptor.
                    shutdown(fd, Int32(SHUT_RDWR))
                    close(fd)
                } else {
                    log.count(fd, keepingOpen: true)
                }
            }
        }
        thread.start()
    }

    /// How many connections it accepted.
    var connectionCount: Int { accepted.count }

    /// Stops accepting (the accepting thread then closes the listener) and closes what is open.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        accepted.closeAll()
    }
}
