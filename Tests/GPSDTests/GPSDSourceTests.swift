import Foundation
import Glibc
import GPSReader
import Locking
import Testing
import TestSupport
@testable import GPSD

/// `GPSDSource`: gpsd as a source of the pipeline, against servers that misbehave.
@Suite("gpsd source")
struct GPSDSourceTests {
    /// A server that accepts every connection and never sends a byte: a hung gpsd, or another
    /// service on the port. Counts the connections it accepted.
    private final class SilentServer: @unchecked Sendable {
        let port: UInt16
        private let listener: CInt
        private let accepted = LockedCounter()

        init() throws {
            let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(bound == 0 && listen(fd, 8) == 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            port = UInt16(bigEndian: address.sin_port)
            listener = fd
            let accepted = accepted
            Thread {
                while true {
                    let client = accept(fd, nil, nil)
                    guard client >= 0 else { return }
                    accepted.increment()  // held open, silent, until the process ends
                }
            }.start()
        }

        var connections: Int { accepted.value }

        deinit { shutdown(listener, CInt(SHUT_RDWR)); close(listener) }
    }

    @Test("a server that accepts and never greets is one failure with the remedy, and is tried again")
    func silentServerIsRetried() async throws {
        let server = try SilentServer()
        let address = GPSDAddress(host: "127.0.0.1", port: server.port)
        let source = GPSDSource(address: address, recheckInterval: .milliseconds(50), greetingTimeout: .milliseconds(200))
        var events = source.events().makeAsyncIterator()
        guard case .failed(let error as GPSDError)? = await events.next() else { Issue.record("no failure"); return }
        #expect(error == .silent(address, after: .milliseconds(200)))
        #expect(error.description.contains("sent nothing"))
        // Said once: the next attempts fail the same way in silence, and each connects again.
        let next = Task { var events = events; return await events.next() }
        await eventually("two more attempts, each connected") { server.connections >= 3 }
        next.cancel()
        #expect(await next.value == nil)
    }

    @Test("the waits between attempts are on the source's clock: gpsd is tried again only as the clock passes each recheck interval")
    func retriesOnItsClock() async throws {
        let server = try SilentServer()
        let clock = ManualClock()
        let source = GPSDSource(
            address: GPSDAddress(host: "127.0.0.1", port: server.port), recheckInterval: .seconds(2),
            greetingTimeout: .milliseconds(200), clock: clock)
        var events = source.events().makeAsyncIterator()
        guard case .failed? = await events.next() else { Issue.record("no failure"); return }
        let next = Task { var events = events; return await events.next() }
        for attempt in 2...3 {
            let waitEnds = Duration.seconds(2 * (attempt - 1))
            await eventually("the wait before attempt \(attempt)") { clock.pendingDeadlines == [waitEnds] }
            #expect(server.connections == attempt - 1, "no attempt before the clock passes the interval")
            clock.advance(by: .seconds(2))
            await eventually("attempt \(attempt) connects") { server.connections == attempt }
        }
        next.cancel()
        #expect(await next.value == nil)
    }

    @Test("checkAccess says unavailable, not granted, for a server that never greets")
    func silentServerIsNoAccess() async throws {
        let server = try SilentServer()
        let source = GPSDSource(address: GPSDAddress(host: "127.0.0.1", port: server.port), greetingTimeout: .milliseconds(100))
        guard case .unavailable(let error as GPSDError) = await source.checkAccess() else { Issue.record("granted"); return }
        #expect(error == .silent(source.address, after: .milliseconds(100)))
    }
}

/// A count threads share.
private final class LockedCounter: Sendable {
    private let count = LockedState(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
