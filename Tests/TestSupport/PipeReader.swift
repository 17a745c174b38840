import Foundation
import Glibc
import POSIXSupport

/// Reads a pipe on a thread of its own, so a test waiting for a child's output holds none of
/// the cooperative pool's threads. It reads until every writer has closed the pipe, or until
/// `finish()`: then it takes what is in the pipe already and stops, for a child that exited
/// leaving behind a process that still holds the pipe open.
final class PipeReader: Sendable {
    /// A second pipe beside the one read: a byte written to it ends the thread's `poll`.
    private let wakeReadEnd: CInt
    private let wakeWriteEnd: CInt

    /// Starts reading `descriptor`, which it closes when done, giving each chunk read to
    /// `received` and calling `ended` once, last, from its thread.
    init(
        _ descriptor: CInt, name: String,
        received: @escaping @Sendable (ArraySlice<UInt8>) -> Void, ended: @escaping @Sendable () -> Void
    ) throws {
        (wakeReadEnd, wakeWriteEnd) = try Syscalls.pipe(isBlocking: true)
            .mapError { POSIXError(.init(rawValue: $0.rawValue) ?? .EIO) }.get()
        // The thread keeps `self`, and with it the wake pipe, until it has stopped polling it.
        let thread = Thread { [self] in
            read(descriptor, into: received)
            close(descriptor)
            ended()
        }
        thread.name = name
        thread.start()
    }

    deinit {
        close(wakeReadEnd)
        close(wakeWriteEnd)
    }

    /// Makes the thread read what the pipe holds now and stop.
    func finish() {
        var byte: UInt8 = 1
        while write(wakeWriteEnd, &byte, 1) < 0 && errno == EINTR {}
    }

    private func read(_ descriptor: CInt, into received: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var isFinishing = false
        while true {
            var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0)]
            // Finishing, only the pipe read is polled, without waiting: the wake byte stays unread.
            let count = isFinishing ? poll(&ready, 1, 0) : poll(&ready, 2, -1)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }  // finishing, and the pipe is empty
            if ready[1].revents != 0 { isFinishing = true }
            guard ready[0].revents != 0 else { continue }
            let read = Glibc.read(descriptor, &buffer, buffer.count)
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return }
            received(buffer[..<read])
        }
    }
}
