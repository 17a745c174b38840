import Glibc
import POSIXSupport

/// Writes a whole text file for `gps`'s commands that make one (`simulate --write`, `report`).
enum TextFile {
    /// Writes `text` to `path` (its bytes, UTF-8 or not), replacing what was there.
    ///
    /// - Returns: `nil`, or why it failed as the C library words it ("No space left on device").
    static func write(_ text: String, to path: FilePath) -> String? {
        var text = text
        let written = Syscalls.retryingOnInterrupt { Syscalls.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644) }
            .flatMap { descriptor in
                let writing = text.withUTF8 { Syscalls.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
                let closing = Syscalls.close(descriptor)
                return writing.flatMap { closing }
            }
        guard case .failure(let error) = written else { return nil }
        return String(cString: strerror(error.rawValue))
    }
}
