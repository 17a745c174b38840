import Foundation
import Glibc

/// One exchange with a gpsd control socket (a Unix stream socket), as `gpsdctl` has it:
/// connect, send `text` and end sending (`shutdown(SHUT_WR)`), read until `lines` lines
/// came, the server closed, or `timeout`.
/// Blocks on a thread of its own.
///
/// - Returns: What came back; `nil` when nothing listens at `path`.
package func controlExchange(_ path: String, _ text: String, lines: Int = 1, timeout: Duration = .seconds(10)) async -> String? {
    await onOwnThread {
        let fd = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8).prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nil }
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
        _ = shutdown(fd, CInt(SHUT_WR))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while received.count(where: { $0 == 0x0A }) < lines, ContinuousClock.now < deadline {
            var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
