import Glibc

/// Writes a whole text file for `gps`'s commands that make one (`simulate --write`, `report`).
enum TextFile {
    /// Writes `text` to `path`, replacing what was there.
    ///
    /// - Returns: `nil`, or why it failed as the C library words it ("No space left on device").
    static func write(_ text: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        guard StandardOutput.write(text, to: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return reason
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }
}
