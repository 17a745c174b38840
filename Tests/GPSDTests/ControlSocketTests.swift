import Foundation
import Glibc
import Locking
import Testing
import TestSupport
@testable import GPSD

/// `GPSDControlSocket`: gpsd's control protocol on a real Unix socket, with a handler that
/// records what it was asked.
@Suite("gpsd control socket")
struct ControlSocketTests {
    private let asked = Asked()
    private let path = NSTemporaryDirectory() + "gpsreader-control-\(getpid())-\(UUID().uuidString.prefix(8)).sock"

    private func control() throws -> GPSDControlSocket {
        try GPSDControlSocket(path: path) { [asked] command in
            asked.commands.withLock { $0.append(command) }
            switch command {
            case .add(let device): return device.hasPrefix("/dev/") ? .ok : .error
            case .remove: return .error
            case .listDevices: return .devices(["/dev/ttyA", "/dev/ttyB"])
            }
        }
    }

    @Test("+PATH and -PATH as gpsdctl sends them, ?devices, each answered as gpsd 3.22 answers")
    func commands() async throws {
        let socket = try control()
        defer { Task { await socket.stop() } }
        #expect(await controlExchange(path, "+/dev/ttyA\r\n") == "OK\n")
        #expect(await controlExchange(path, "-/dev/ttyZ\r\n") == "ERROR\n")
        #expect(await controlExchange(path, "?devices\n", lines: 3) == "/dev/ttyA\n/dev/ttyB\nOK\n")
        #expect(await controlExchange(path, "+/tmp/x\n+/dev/ttyB\n", lines: 2) == "ERROR\nOK\n")
        #expect(asked.commands.withLock { $0 } == [.add("/dev/ttyA"), .remove("/dev/ttyZ"), .listDevices, .add("/tmp/x"), .add("/dev/ttyB")])
    }

    @Test("garbage, an empty path and an overlong line are ERROR, handed to no one; the socket goes on")
    func garbage() async throws {
        let socket = try control()
        defer { Task { await socket.stop() } }
        let overlong = "+" + String(repeating: "x", count: 5000) + "\n"
        #expect(await controlExchange(path, "garbage\n+\n-\n\u{1}\u{2}\n" + overlong, lines: 5) == String(repeating: "ERROR\n", count: 5))
        // A last line without its line ending is answered as the client leaves.
        #expect(await controlExchange(path, "hello") == "ERROR\n")
        #expect(asked.commands.withLock { $0 }.isEmpty)
        #expect(await controlExchange(path, "+/dev/ttyA\n") == "OK\n")
    }

    @Test("stop() removes the socket; a socket file left behind is replaced, one a server still answers on and another file are refused")
    func socketFile() async throws {
        let first = try control()
        #expect(FileManager.default.fileExists(atPath: path))
        // A second server on a live socket is refused, and the first goes on answering.
        #expect(throws: GPSDError.cannotControl(path, errno: EADDRINUSE)) { try control() }
        #expect(await controlExchange(path, "+/dev/ttyA\n") == "OK\n")
        await first.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
        // A server that died leaves its socket: the next one replaces it.
        let fd = Glibc.socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
        try await control().stop()
        _ = FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8))
        defer { unlink(path) }
        #expect(throws: GPSDError.cannotControl(path, errno: EEXIST)) { try control() }
        #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
    }
}

/// The commands a control socket handed on, in order.
private final class Asked: Sendable {
    let commands = LockedState<[GPSDControlCommand]>([])
}
