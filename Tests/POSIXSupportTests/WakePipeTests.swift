import Glibc
import POSIXSupport
import Testing

/// A wake pipe on a real `poll`, with a zero timeout: whether its read end is readable now.
@Suite("Wake pipe")
struct WakePipeTests {
    @Test("fired, its read end stays readable until drained; drained, it waits again")
    func fireAndDrain() throws {
        let wake = try WakePipe.make().get()
        defer { wake.close() }
        #expect(!isReadable(wake))
        wake.fire()
        #expect(isReadable(wake))
        #expect(isReadable(wake), "nothing but drain() empties it")
        wake.drain()
        #expect(!isReadable(wake))
    }

    @Test("firing a full pipe neither blocks nor fails: it is already awake")
    func fullPipe() throws {
        let wake = try WakePipe.make().get()
        defer { wake.close() }
        // A pipe holds 64 KiB by default on Linux.
        for _ in 0..<70_000 { wake.fire() }
        #expect(isReadable(wake))
        wake.drain()
        #expect(!isReadable(wake))
    }

    private func isReadable(_ wake: WakePipe) -> Bool {
        var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        return (try? Syscalls.poll(&fds, timeout: 0).get()) == 1
    }
}
