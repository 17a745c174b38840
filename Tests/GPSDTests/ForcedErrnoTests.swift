// The seam forces errnos in debug builds only.
#if DEBUG
import Glibc
import POSIXSupport
import Testing
import TestSupport
@testable import GPSD

/// Failure paths of the socket calls, reached by forcing errnos through the syscall seam.
/// Each plan is bound to the test's task, so tests running in parallel do not see one another's.
@Suite("Forced socket errnos")
struct ForcedErrnoTests {
    private let anyPort = GPSDAddress(host: "127.0.0.1", port: 0)

    @Test("a port in use is .cannotListen, and the message says who usually holds it")
    func addressInUse() {
        forcing([.bind: [EADDRINUSE]]) {
            #expect(throws: GPSDError.cannotListen(anyPort, errno: EADDRINUSE)) {
                try GPSDServer(address: anyPort, device: GPSDDevice(path: "x"))
            }
        }
        #expect(GPSDError.cannotListen(.loopback, errno: EADDRINUSE).description.contains("often gpsd"))
    }

    @Test("socket, listen and pipe failures are reported, naming the call")
    func setupFailures() {
        forcing([.socket: [EMFILE]]) {
            #expect(throws: GPSDError.system(operation: "socket", errno: EMFILE)) {
                try GPSDServer(address: anyPort, device: GPSDDevice(path: "x"))
            }
        }
        forcing([.listen: [EACCES]]) {
            #expect(throws: GPSDError.cannotListen(anyPort, errno: EACCES)) {
                try GPSDServer(address: anyPort, device: GPSDDevice(path: "x"))
            }
        }
        forcing([.pipe: [ENFILE]]) {
            #expect(throws: GPSDError.system(operation: "pipe", errno: ENFILE)) {
                try GPSDServer(address: anyPort, device: GPSDDevice(path: "x"))
            }
        }
    }

    @Test("connect: refused is .connectionRefused, EINTR is retried, other errnos are .connectionFailed")
    func connecting() async throws {
        let server = try GPSDServer(address: anyPort, device: GPSDDevice(path: "x"))
        defer { Task { await server.stop() } }
        await forcing([.connect: [ECONNREFUSED]]) {
            #expect(await Sockets.connect(to: server.address, timeout: .seconds(1)) == .failure(.connectionRefused(server.address)))
        }
        await forcing([.connect: [ENETUNREACH]]) {
            #expect(await Sockets.connect(to: server.address, timeout: .seconds(1)) == .failure(.connectionFailed(server.address, errno: ENETUNREACH)))
        }
        let fd = try await forcing([.connect: [EINTR]]) { try await Sockets.connect(to: server.address, timeout: .seconds(1)).get() }
        #expect(close(fd) == 0)
        // Name resolution may wait on an unreachable resolver: Sockets.connect resolves off the pool.
        let unknown = await Sockets.connect(to: GPSDAddress(host: "no-such-host.invalid"), timeout: .seconds(1))
        #expect(unknown == .failure(.unknownHost("no-such-host.invalid")))
    }
}
#endif
