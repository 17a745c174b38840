import Glibc
import POSIXSupport

/// The file calls the spool makes, through the package's one seam (`Syscalls.check`), so debug
/// builds can force their errnos and count them. Names are opened, renamed and removed relative
/// to the spool's open directory, and never through a link at the name itself.
extension Syscalls {
    /// `mkdir` with `mode` (less the umask).
    static func makeDirectory(_ path: String, mode: mode_t) -> Result<Void, Errno> {
        check(.mkdir) { Glibc.mkdir(path, mode) }.map { _ in }
    }

    /// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)`: `ENOTDIR` when it is not a directory.
    static func openDirectory(_ path: String) -> Result<CInt, Errno> {
        check(.open) { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }

    /// `openat(directory, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)`: `ELOOP` when `name` is a
    /// symbolic link.
    static func open(in directory: CInt, _ name: String, _ flags: CInt, mode: mode_t = 0o600) -> Result<CInt, Errno> {
        check(.open) { openat(directory, name, flags | O_NOFOLLOW | O_CLOEXEC, mode) }
    }

    /// `fstatat(directory, name, AT_SYMLINK_NOFOLLOW)`: a link's own status, not its target's.
    static func status(in directory: CInt, _ name: String) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.stat) { fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) }.map { _ in info }
    }

    /// `fstat`: the open file's owner, mode and size.
    static func status(of fd: CInt) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.fstat) { Glibc.fstat(fd, &info) }.map { _ in info }
    }

    /// `renameat` within `directory`.
    static func rename(in directory: CInt, _ name: String, to newName: String) -> Result<Void, Errno> {
        check(.rename) { renameat(directory, name, directory, newName) }.map { _ in }
    }

    /// `unlinkat(directory, name, 0)`: a link is removed, not its target.
    static func unlink(in directory: CInt, _ name: String) -> Result<Void, Errno> {
        check(.unlink) { unlinkat(directory, name, 0) }.map { _ in }
    }

    /// `fsync`: the file's (or the directory's) data on the disk.
    static func synchronize(_ fd: CInt) -> Result<Void, Errno> {
        check(.fsync) { Glibc.fsync(fd) }.map { _ in }
    }

    /// `pread` of up to `buffer.count` bytes at `offset`.
    static func read(_ fd: CInt, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
        check(.read) { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// `pwrite` of `buffer` at `offset`.
    static func write(_ fd: CInt, _ buffer: UnsafeRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
        check(.write) { pwrite(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// The names in `directory` (an open descriptor), without `.` and `..`, sorted; read through
    /// a descriptor of its own, so each listing starts at the first entry.
    static func entries(of directory: CInt) -> Result<[String], Errno> {
        open(in: directory, ".", O_RDONLY | O_DIRECTORY).flatMap { fd in
            guard let stream = fdopendir(fd) else {
                let failure = Errno.current
                _ = close(fd)
                return .failure(failure)
            }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            return .success(names.sorted())
        }
    }
}
