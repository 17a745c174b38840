import Foundation
import Glibc

/// A plain TCP client of a gpsd-protocol server, for tests: sends requests, reads lines with
/// a generous deadline (a guard against hangs, never reached when the code is right).
final class TestClient {
    let fd: CInt
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws {
        fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(fd) }

    /// Makes the kernel's receive buffer small, so that a client that stops reading backs
    /// the server up quickly.
    func shrinkReceiveBuffer() {
        var size: CInt = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<CInt>.size))
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
    }

    /// The next line without its CR LF, or `nil` when the server closed the connection or
    /// nothing came within `timeout`.
    func line(timeout: Duration = .seconds(10)) -> String? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = buffer[..<end].filter { $0 != 0x0D }
                buffer.removeSubrange(...end)
                return String(decoding: line, as: UTF8.self)
            }
            guard ContinuousClock.now < deadline else { return nil }
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, 100) >= 0 else { continue }
            guard ready[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Lines until one satisfies `condition` (returned last), or `nil` if the stream ends first.
    func lines(until condition: (String) -> Bool, timeout: Duration = .seconds(10)) -> [String]? {
        var lines: [String] = []
        while let line = line(timeout: timeout) {
            lines.append(line)
            if condition(line) { return lines }
        }
        return nil
    }

    /// Whether the server closed the connection (reads end of file) within `timeout`.
    func isClosedByServer(timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { return true }
        }
        return false
    }
}

extension String {
    /// The `"class"` of a gpsd JSON line.
    var gpsdClass: String? {
        guard let data = data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["class"] as? String
    }
}
