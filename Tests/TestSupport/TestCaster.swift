import Foundation
import Glibc
import Locking

/// A TCP server on 127.0.0.1 whose connections a test scripts: each accepted connection runs
/// `serve` on a thread of its own with blocking reads and writes. It keeps every request head
/// and every byte its clients sent after it, for the test to read.
package final class TestCaster: Sendable {
    /// One accepted connection, as `serve` sees it.
    package struct Connection: Sendable {
        package let fd: CInt
        package let number: Int
        package let caster: TestCaster

        /// Reads up to the blank line that ends the request's head (or the connection's end) and returns it.
        package func requestHead() -> String {
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while Glibc.read(fd, &byte, 1) == 1 {
                head.append(byte)
                if head.suffix(4) == [0x0D, 0x0A, 0x0D, 0x0A] || head.suffix(2) == [0x0A, 0x0A] { break }
            }
            let text = String(decoding: head, as: UTF8.self)
            caster.state.withLock { $0.heads.append(text) }
            return text
        }

        /// Writes `bytes` whole; false once the client has gone. `MSG_NOSIGNAL`: a client that
        /// hung up is `EPIPE`, not a SIGPIPE that ends the whole test process.
        @discardableResult
        package func write(_ bytes: some Collection<UInt8>) -> Bool {
            Array(bytes).withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = send(fd, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
                    if count > 0 {
                        written += count
                    } else if errno != EINTR {
                        return false
                    }
                }
                return true
            }
        }

        /// Keeps what the client sends (GGA) until it closes, on a thread of its own.
        package func keepReading() {
            let caster = caster
            Thread.detachNewThread { [fd] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = Glibc.read(fd, &buffer, buffer.count)
                    guard count > 0 else { return }
                    caster.state.withLock { $0.upstream += buffer[..<count] }
                }
            }
        }

        /// Waits until the client closes (a read returns 0 or fails).
        package func waitForClose() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Glibc.read(fd, &buffer, buffer.count) > 0 {}
        }
    }

    package struct State {
        package var heads: [String] = []
        package var upstream: [UInt8] = []
        package var connections = 0
        package var open: [CInt] = []
    }

    package let port: UInt16
    package let state = LockedState(State())
    private let listener: CInt

    /// Listens on a port of the kernel's choosing; `serve` runs once per connection.
    package init(_ serve: @escaping @Sendable (Connection) -> Void) throws {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        listener = server
        guard withLoopbackAddress(port: 0, { bind(server, $0, $1) }) == 0, Glibc.listen(server, 64) == 0 else {
            throw POSIXError(.EADDRINUSE)
        }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let caster = self
        Thread.detachNewThread {
            while true {
                let fd = accept(server, nil, nil)
                // Stopped: only now is the listener closed, so its number is no other test's meanwhile.
                guard fd >= 0 else {
                    close(server)
                    return
                }
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                let number = caster.state.withLock { state in
                    state.connections += 1
                    state.open.append(fd)
                    return state.connections
                }
                Thread.detachNewThread {
                    serve(Connection(fd: fd, number: number, caster: caster))
                    // Under the lock `stop()` takes, so it never shuts down a number reused since.
                    caster.state.withLock { state in
                        state.open.removeAll { $0 == fd }
                        shutdown(fd, Int32(SHUT_RDWR))
                        close(fd)
                    }
                }
            }
        }
    }

    /// The request heads received, in order.
    package var heads: [String] { state.withLock { $0.heads } }
    /// What clients sent after their heads.
    package var upstream: String { String(decoding: state.withLock { $0.upstream }, as: UTF8.self) }
    /// Connections accepted.
    package var connections: Int { state.withLock { $0.connections } }

    /// Stops accepting and closes every connection.
    package func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        state.withLock { state in
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }
}
