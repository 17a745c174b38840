import Glibc
import POSIXSupport

/// Writes a whole text file for `gps`'s commands that make one (`simulate --write`, `report`).
enum TextFile {
    /// Writes `text` to `path` (its bytes, UTF-8 or not), replacing what was there.
    ///
    /// - Returns: `nil`, or why it failed as the C library words it ("No space left on device").
    static func write(_ text: String, to path: FilePath) -> String? {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        guard StandardOutput.write(text, to: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return reason
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }
}
