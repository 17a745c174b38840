import Glibc

/// Standard output for what a live receiver gives, written only when standard output can take
/// it without waiting.
///
/// `gps read`'s main thread also reads the receiver, so a write that waited for a reader of
/// standard output that stopped (a full pipe, a terminal stopped with Ctrl-S) would stop
/// reading the receiver too, and a serial port drops what it is not read in time, unsaid.
/// Instead, lines that would wait are left out and counted; once standard output takes lines
/// again, one line on standard error says how many were left out, and the newest follow.
/// A regular file always takes them, so a file gets every line.
final class LiveOutput {
    /// Lines left out since standard output last took some.
    private var leftOut = 0
    private let descriptor: CInt

    /// Writing to `descriptor` (standard output by default).
    init(descriptor: CInt = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    /// Writes `bytes` (whole lines, a few kilobytes at most) if standard output can take them
    /// now, else counts their lines as left out; false once standard output is gone (a closed
    /// pipe).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard Self.canTake(descriptor) else {
            leftOut += bytes.count { $0 == 0x0A }
            return true
        }
        if leftOut > 0 {
            StandardOutput.write(Self.leftOutLine(leftOut), to: STDERR_FILENO)
            leftOut = 0
        }
        return StandardOutput.write(bytes, to: descriptor)
    }

    /// Writes `text`, as `write(_:)` does bytes.
    @discardableResult
    func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `descriptor` takes a write now without waiting (`poll` for `POLLOUT`, not
    /// waiting). An error or a hang-up (the reader gone) counts as taking it: the write then
    /// says so.
    static func canTake(_ descriptor: CInt = STDOUT_FILENO) -> Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&ready, 1, 0) != 0
    }

    /// What is said once standard output takes lines again after `count` were left out.
    static func leftOutLine(_ count: Int) -> String {
        "gps: \(count) line\(count == 1 ? "" : "s") left out: standard output took none while they came"
            + " (the receiver was read on; the newest follow)\n"
    }
}
