import Glibc
import POSIXSupport

/// Writes bytes to standard output (or standard error) with `write(2)`, all of them, with no
/// buffering of its own: callers hand it whole lines or large blocks.
enum StandardOutput {
    /// Writes all of `bytes` to `descriptor` (standard output by default); false when it is gone
    /// (a closed pipe).
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32 = STDOUT_FILENO) -> Bool {
        (try? Syscalls.writeAll(descriptor, bytes).get()) != nil
    }

    /// Writes all of `text`'s UTF-8 to `descriptor` (standard output by default); false when it
    /// is gone.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
