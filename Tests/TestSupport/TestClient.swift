import Foundation
import Glibc
import Locking

/// A plain TCP client of a gpsd-protocol server, for tests: sends requests, reads lines with
/// a generous deadline (a guard against hangs, never reached when the code is right).
///
/// It reads only when asked, so a client that is not asked stops reading and backs the server
/// up. Each read blocks on a thread of its own (`onOwnThread`), never on one of the
/// cooperative pool's.
package final class TestClient: Sendable {
    package let fd: CInt
    /// Bytes read past the last line returned.
    private let buffer = LockedState<[UInt8]>([])

    /// Connects to 127.0.0.1:`port`, or to [::1]:`port` with `ipv6`.
    package init(port: UInt16, ipv6: Bool = false) throws {
        fd = socket(ipv6 ? AF_INET6 : AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        let status: CInt
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard status == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
    }

    /// Reads on their threads have all returned: each keeps the client alive until then.
    deinit { close(fd) }

    /// Makes the kernel's receive buffer small, so that a client that stops reading backs
    /// the server up quickly.
    package func shrinkReceiveBuffer() {
        var size: CInt = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<CInt>.size))
    }

    package func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
    }

    /// The next line without its CR LF, or `nil` when the server closed the connection or
    /// nothing came within `timeout`.
    package func line(timeout: Duration = .seconds(30)) async -> String? {
        await onOwnThread { [self] in
            let deadline = ContinuousClock.now.advanced(by: timeout)
            while true {
                let line: [UInt8]? = buffer.withLock { buffer in
                    guard let end = buffer.firstIndex(of: 0x0A) else { return nil }
                    defer { buffer.removeSubrange(...end) }
                    return buffer[..<end].filter { $0 != 0x0D }
                }
                if let line { return String(decoding: line, as: UTF8.self) }
                guard let chunk = read(before: deadline), !chunk.isEmpty else { return nil }
                buffer.withLock { $0 += chunk }
            }
        }
    }

    /// Lines until one satisfies `condition` (returned last), or `nil` if the stream ends first.
    package func lines(until condition: (String) -> Bool, timeout: Duration = .seconds(30)) async -> [String]? {
        var lines: [String] = []
        while let line = await line(timeout: timeout) {
            lines.append(line)
            if condition(line) { return lines }
        }
        return nil
    }

    /// Whether the server closed the connection (reads end of file) within `timeout`.
    package func isClosedByServer(timeout: Duration = .seconds(30)) async -> Bool {
        await onOwnThread { [self] in
            let deadline = ContinuousClock.now.advanced(by: timeout)
            while let chunk = read(before: deadline) {
                if chunk.isEmpty { return true }
            }
            return false
        }
    }

    /// What one `read` returns, empty at the end of the stream (or on an error), waiting in
    /// `poll` until `deadline`; `nil` when nothing came by then.
    private func read(before deadline: ContinuousClock.Instant) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            return Array(chunk[..<max(count, 0)])
        }
        return nil
    }
}

extension String {
    /// The `"class"` of a gpsd JSON line.
    package var gpsdClass: String? {
        guard let data = data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["class"] as? String
    }
}
