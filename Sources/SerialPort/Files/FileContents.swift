import Glibc
import POSIXSupport

/// Whole-file reads for captures, through the syscall seam.
enum FileContents {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(SerialPortError) -> [UInt8] {
        let fd = try Syscalls.retryingOnInterrupt { Syscalls.open(FilePath(path), O_RDONLY | O_CLOEXEC) }
            .get { .opening(path, "open", $0) }
        defer { _ = Syscalls.close(fd) }
        var contents: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = block.withUnsafeMutableBytes { buffer in
                Syscalls.retryingOnInterrupt { Syscalls.read(fd, buffer) }
            }
            let count = try result.get { .system(path: path, operation: "read", errno: $0.rawValue) }
            if count == 0 { return contents }
            contents.append(contentsOf: block[..<count])
        }
    }
}
