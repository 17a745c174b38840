import Glibc
import POSIXSupport

/// The file calls a recording makes, through the package's one seam to the C library, so
/// debug builds can force `ENOSPC` or `EIO` on them (`FaultInjection`).
extension Syscalls {
    /// `open` with a mode for a file it may create; the path's bytes, UTF-8 or not.
    static func openFile(_ path: FilePath, _ flags: CInt, mode: mode_t = 0o644) -> Result<CInt, Errno> {
        check(.open) { path.withCString { Glibc.open($0, flags, mode) } }
    }

    /// `fsync`: the file's data and size on the disk.
    static func fsync(_ fd: CInt) -> Result<Void, Errno> {
        check(.fsync) { Glibc.fsync(fd) }.map { _ in }
    }

    /// `ftruncate` to `length` bytes.
    static func ftruncate(_ fd: CInt, _ length: Int) -> Result<Void, Errno> {
        check(.ftruncate) { Glibc.ftruncate(fd, off_t(length)) }.map { _ in }
    }

    /// The file's size, by `lseek` to its end.
    static func endOffset(_ fd: CInt) -> Result<Int, Errno> {
        check(.lseek) { Glibc.lseek(fd, 0, SEEK_END) }.map { Int($0) }
    }
}
