import Glibc

/// Writes bytes to standard output with `write(2)`, all of them, with no buffering of its own:
/// callers hand it large blocks.
enum StandardOutput {
    /// Writes all of `bytes`; false when standard output is gone (a closed pipe).
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
