import Glibc
import POSIXSupport

/// The file calls a recording makes, through the package's one seam to the C library, so
/// debug builds can force `ENOSPC` or `EIO` on them (`FaultInjection`).
extension Syscalls {
    /// `open` with a mode for a file it may create; the path's bytes, UTF-8 or not.
    static func openFile(_ path: FilePath, _ flags: CInt, mode: mode_t = 0o644) -> Result<CInt, Errno> {
        check(.open) { path.withCString { Glibc.open($0, flags, mode) } }
    }

    /// `fcntl(F_DUPFD_CLOEXEC)`: a close-on-exec copy of a descriptor the process was given
    /// (standard output, for `/dev/stdout`); forced errnos count it as an `open`.
    static func duplicate(_ fd: CInt) -> Result<CInt, Errno> {
        check(.open) { Glibc.fcntl(fd, F_DUPFD_CLOEXEC, CInt(0)) }
    }

    /// `ioctl(FIONBIO)` off: writes wait for room again, on a FIFO opened non-blocking.
    static func makeBlocking(_ fd: CInt) -> Result<Void, Errno> {
        var off: CInt = 0
        return check(.ioctl) { Glibc.ioctl(fd, UInt(FIONBIO), &off) }.map { _ in }
    }

    /// `fstat`: the open file's type and link count.
    static func fileStatus(_ fd: CInt) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.fstat) { Glibc.fstat(fd, &info) }.map { _ in info }
    }

    /// `lstat`: what is at `path` itself, a link's own status rather than its target's.
    static func linkStatus(_ path: FilePath) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.stat) { path.withCString { Glibc.lstat($0, &info) } }.map { _ in info }
    }

    /// `unlink`.
    static func removeFile(_ path: FilePath) -> Result<Void, Errno> {
        check(.unlink) { path.withCString { Glibc.unlink($0) } }.map { _ in }
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
