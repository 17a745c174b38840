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

extension TestClient {
    /// Sends `request` to every one of `clients`, then reads them all at once, on one thread, as
    /// their bytes come, until each has sent a line starting with each of `prefixes`: whether
    /// each did before its stream ended or `timeout` passed.
    ///
    /// The request goes out from the reading thread just before it reads, so no client's bytes
    /// wait unread while the others are sent to or read, however slowly this process runs: what
    /// the server holds for them is what it holds for clients that keep up, and none falls far
    /// enough behind to be dropped. Lines are matched as bytes, which keeps up with 200 clients
    /// in a debug build. The lines after the last one needed stay in the client's buffer for its
    /// next `line()`.
    package static func readEach(
        _ clients: [TestClient], afterSending request: String, untilEachOf prefixes: [String],
        timeout: Duration = .seconds(60)
    ) async -> [Bool] {
        let wanted = prefixes.map { Array($0.utf8) }
        return await onOwnThread {
            for client in clients { client.send(request) }
            let deadline = ContinuousClock.now.advanced(by: timeout)
            var waiting = clients.map { _ in Set(wanted.indices) }
            var ended = clients.map { _ in false }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while ContinuousClock.now < deadline {
                let active = clients.indices.filter { !ended[$0] && !waiting[$0].isEmpty }
                if active.isEmpty { break }
                var fds = active.map { pollfd(fd: clients[$0].fd, events: Int16(POLLIN), revents: 0) }
                guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
                for (slot, index) in active.enumerated() where fds[slot].revents != 0 {
                    let count = Glibc.read(clients[index].fd, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else {
                        ended[index] = true
                        continue
                    }
                    // Lines are taken only while one is still needed; the rest stay buffered.
                    var needed = waiting[index]
                    clients[index].buffer.withLock { buffer in
                        buffer += chunk[..<count]
                        var start = buffer.startIndex
                        while !needed.isEmpty, let end = buffer[start...].firstIndex(of: 0x0A) {
                            let line = buffer[start..<end]
                            for prefix in needed where line.starts(with: wanted[prefix]) { needed.remove(prefix) }
                            start = end + 1
                        }
                        buffer.removeSubrange(..<start)
                    }
                    waiting[index] = needed
                }
            }
            return waiting.map(\.isEmpty)
        }
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
