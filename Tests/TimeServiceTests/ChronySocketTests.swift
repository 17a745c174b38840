import Foundation
import GNSS
import Glibc
import Locking
import Testing
import TestSupport
import TimeService

/// `ChronySocket` against a Unix datagram socket bound where chronyd binds its SOCK refclock:
/// what it says while nobody reads, and that samples reach the socket once it is there.
@Suite("chrony's SOCK refclock socket")
struct ChronySocketTests {
    private static let sample = TimeSample(
        receiverTime: SystemTime(seconds: 1_742_032_803, nanoseconds: 0),
        systemTime: SystemTime(seconds: 1_742_032_803, nanoseconds: 100_000_000))

    @Test("an optional socket (gpsd's default) says nothing while no chronyd made it, sends from the first sample after it appears, and says when chronyd reads again after an outage")
    func optionalSocketWaitsQuietly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chrony-\(UUID().uuidString.prefix(8)).sock").path
        let lines = LockedState([String]())
        let socket = ChronySocket(path: path, isOptional: true, log: { line in lines.withLock { $0.append(line) } })
        socket.send(Self.sample)
        socket.send(Self.sample)
        #expect(lines.withLock { $0 }.isEmpty)

        let chronyd = try BoundDatagramSocket(path: path)
        defer { chronyd.close() }
        socket.send(Self.sample)
        #expect(chronyd.receive() == SockSample(Self.sample).bytes)
        #expect(lines.withLock { $0 } == ["gps: sending time samples to chronyd at \(path)"])

        // Once samples have reached it, chronyd going away is an outage, said once.
        chronyd.close()
        socket.send(Self.sample)
        socket.send(Self.sample)
        var said = lines.withLock { $0 }
        #expect(said.count == 2)
        #expect(said.last?.hasPrefix("gps: no chronyd is reading \(path)") == true, "\(said)")

        // chronyd restarted: the last line says samples reach it again, once.
        let restarted = try BoundDatagramSocket(path: path)
        defer { restarted.close() }
        socket.send(Self.sample)
        socket.send(Self.sample)
        #expect(restarted.receive() == SockSample(Self.sample).bytes)
        said = lines.withLock { $0 }
        #expect(said.count == 3, "\(said)")
        #expect(said.last == "gps: chronyd is reading \(path) again; sending time samples", "\(said)")
    }

    @Test("a socket given with --chrony says at once that nobody reads it, with what to do, and only once")
    func givenSocketSaysTheOutage() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chrony-\(UUID().uuidString.prefix(8)).sock").path
        let lines = LockedState([String]())
        let socket = ChronySocket(path: path, log: { line in lines.withLock { $0.append(line) } })
        socket.send(Self.sample)
        socket.send(Self.sample)
        let said = lines.withLock { $0 }
        #expect(said.count == 1)
        #expect(said.first?.contains("start chronyd with `refclock SOCK \(path)` in chrony.conf") == true, "\(said)")
    }

    @Test("a socket gps may not write is said with what to do, even the optional default one, once per cause: a change of cause is said again")
    func permissionDeniedIsSaid() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chrony-\(UUID().uuidString.prefix(8)).sock").path
        let lines = LockedState([String]())
        let socket = ChronySocket(path: path, isOptional: true, log: { line in lines.withLock { $0.append(line) } })
        // gps started before chronyd: quiet.
        socket.send(Self.sample)
        #expect(lines.withLock { $0 }.isEmpty)

        // chronyd makes a socket gps's user may not write (mode 0; the checks run as nobody when root).
        let chronyd = try BoundDatagramSocket(path: path)
        defer { chronyd.close() }
        try #require(chmod(path, 0) == 0)
        FileAccessIdentity.asNobody {
            socket.send(Self.sample)
            socket.send(Self.sample)
        }
        var said = lines.withLock { $0 }
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.hasPrefix("gps: may not write to chronyd's socket \(path) (") == true, "\(said)")
        #expect(said.first?.contains("(EACCES)") == true, "\(said)")
        #expect(said.first?.contains("docs/TimeService.md, Permissions") == true, "\(said)")

        // chronyd goes away: an optional socket that no sample reached yet is waited for quietly.
        chronyd.close()
        socket.send(Self.sample)
        socket.send(Self.sample)
        #expect(lines.withLock { $0 }.count == 1)

        // chronyd comes back, writable: samples flow.
        let restarted = try BoundDatagramSocket(path: path)
        defer { restarted.close() }
        socket.send(Self.sample)
        #expect(restarted.receive() == SockSample(Self.sample).bytes)
        said = lines.withLock { $0 }
        #expect(said.last == "gps: sending time samples to chronyd at \(path)", "\(said)")
    }

    @Test("a socket given with --chrony says each change of an outage's cause: no chronyd, then a socket gps may not write")
    func causeChangeIsSaid() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chrony-\(UUID().uuidString.prefix(8)).sock").path
        let lines = LockedState([String]())
        let socket = ChronySocket(path: path, log: { line in lines.withLock { $0.append(line) } })
        socket.send(Self.sample)
        let chronyd = try BoundDatagramSocket(path: path)
        defer { chronyd.close() }
        try #require(chmod(path, 0) == 0)
        FileAccessIdentity.asNobody {
            socket.send(Self.sample)
            socket.send(Self.sample)
        }
        chronyd.close()
        socket.send(Self.sample)
        let said = lines.withLock { $0 }
        try #require(said.count == 3, "\(said)")
        #expect(said[0].hasPrefix("gps: no chronyd is reading \(path) (") && said[0].contains("(ENOENT)"), "\(said)")
        #expect(said[1].hasPrefix("gps: may not write to chronyd's socket \(path) (") && said[1].contains("(EACCES)"), "\(said)")
        #expect(said[2].hasPrefix("gps: no chronyd is reading \(path) (") && said[2].contains("(ENOENT)"), "\(said)")
    }
}

/// A Unix datagram socket bound at a path, as chronyd binds `refclock SOCK PATH`.
private final class BoundDatagramSocket {
    private let path: String
    private var fd: CInt

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8.prefix(raw.count - 1)) + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind \(path): errno \(errno)")
    }

    /// The next datagram, waiting up to a second; empty when none came.
    func receive() -> [UInt8] {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 1000) == 1 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    /// Closes the socket and removes its file, as chronyd does when it stops.
    func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
        unlink(path)
    }
}
