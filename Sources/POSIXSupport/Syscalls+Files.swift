import Glibc

/// The file calls every module makes (recordings, the spool, devices, links), through the one
/// seam (`Syscalls.check`), so debug builds can force their errnos and count them. A path is a
/// `FilePath`, bytes that need not be UTF-8; a name inside a directory opened once is reached
/// through that descriptor, never through a link at the name itself.
extension Syscalls {
    // MARK: By path

    /// `open(path, flags, mode)`; `mode` matters only with `O_CREAT`. The path's bytes, UTF-8 or not.
    package static func open(_ path: FilePath, _ flags: CInt, mode: mode_t = 0o644) -> Result<CInt, Errno> {
        check(.open) { path.withCString { Glibc.open($0, flags, mode) } }
    }

    /// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)`: `ENOTDIR` when it is not a directory.
    package static func openDirectory(_ path: FilePath) -> Result<CInt, Errno> {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// `mkdir` with `mode` (less the umask).
    package static func makeDirectory(_ path: FilePath, mode: mode_t) -> Result<Void, Errno> {
        check(.mkdir) { path.withCString { Glibc.mkdir($0, mode) } }.map { _ in }
    }

    /// `stat`: what `path` names, a link followed.
    package static func stat(_ path: FilePath) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.stat) { path.withCString { statPath($0, &info) } }.map { _ in info }
    }

    /// `lstat`: what is at `path` itself, a link's own status rather than its target's.
    package static func linkStatus(_ path: FilePath) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.stat) { path.withCString { Glibc.lstat($0, &info) } }.map { _ in info }
    }

    /// `unlink`: a link is removed, not its target.
    package static func unlink(_ path: FilePath) -> Result<Void, Errno> {
        check(.unlink) { path.withCString { Glibc.unlink($0) } }.map { _ in }
    }

    /// `symlink`: a link at `path` to `target`.
    package static func symlink(_ target: FilePath, at path: FilePath) -> Result<Void, Errno> {
        check(.symlink) { target.withCString { target in path.withCString { Glibc.symlink(target, $0) } } }.map { _ in }
    }

    /// `readlink`: what the link at `path` points to, its bytes as they are.
    package static func readlink(_ path: FilePath) -> Result<FilePath, Errno> {
        var target = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let capacity = target.count - 1
        return check(.readlink) {
            target.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    path.withCString { Glibc.readlink($0, characters.baseAddress!, capacity) }
                }
            }
        }.map { FilePath(bytes: target[..<$0]) }
    }

    /// `realpath`: the path with every link and `.`/`..` resolved.
    package static func realpath(_ path: FilePath) -> Result<FilePath, Errno> {
        guard let resolved = path.withCString({ Glibc.realpath($0, nil) }) else { return .failure(.current) }
        defer { free(resolved) }
        return .success(FilePath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved))))
    }

    /// The text of one of the kernel's small files in `/proc` or `/sys` (at most 64 KiB), all
    /// of it as `.kernelFile`, apart from `.open` and `.read`: a plan that forces those on a
    /// device never reaches the tables read to check it.
    package static func kernelFile(_ path: String) -> Result<String, Errno> {
        check(.kernelFile) { Glibc.open(path, O_RDONLY | O_CLOEXEC) }.flatMap { fd in
            defer { _ = Glibc.close(fd) }
            var bytes = [UInt8](repeating: 0, count: 64 * 1024)
            var count = 0
            while count < bytes.count {
                let result = retryingOnInterrupt {
                    bytes.withUnsafeMutableBytes { buffer in
                        check(.kernelFile) { Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count) }
                    }
                }
                guard case .success(let read) = result else { return result.map { _ in "" } }
                if read == 0 { break }
                count += read
            }
            return .success(String(decoding: bytes[..<count], as: UTF8.self))
        }
    }

    // MARK: By descriptor

    /// `fstat`: the open file's type, owner, mode, size and link count.
    package static func fstat(_ fd: CInt) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.fstat) { Glibc.fstat(fd, &info) }.map { _ in info }
    }

    /// `fsync`: the file's (or the directory's) data and size on the disk.
    package static func fsync(_ fd: CInt) -> Result<Void, Errno> {
        check(.fsync) { Glibc.fsync(fd) }.map { _ in }
    }

    /// `ftruncate` to `length` bytes.
    package static func ftruncate(_ fd: CInt, _ length: Int) -> Result<Void, Errno> {
        check(.ftruncate) { Glibc.ftruncate(fd, off_t(length)) }.map { _ in }
    }

    /// The file's size, by `lseek` to its end.
    package static func endOffset(_ fd: CInt) -> Result<Int, Errno> {
        check(.lseek) { Glibc.lseek(fd, 0, SEEK_END) }.map { Int($0) }
    }

    /// `pread` of up to `buffer.count` bytes at `offset`.
    package static func read(_ fd: CInt, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
        check(.read) { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// `pwrite` of `buffer` at `offset`.
    package static func write(_ fd: CInt, _ buffer: UnsafeRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
        check(.write) { pwrite(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// `fcntl(F_DUPFD_CLOEXEC)`: a close-on-exec copy of a descriptor the process was given
    /// (standard output, for `/dev/stdout`); forced errnos count it as an `open`.
    package static func duplicate(_ fd: CInt) -> Result<CInt, Errno> {
        check(.open) { Glibc.fcntl(fd, F_DUPFD_CLOEXEC, CInt(0)) }
    }

    /// `ioctl(FIONBIO)` off: writes wait for room again, on a FIFO opened non-blocking.
    package static func makeBlocking(_ fd: CInt) -> Result<Void, Errno> {
        var off: CInt = 0
        return check(.ioctl) { Glibc.ioctl(fd, UInt(FIONBIO), &off) }.map { _ in }
    }

    // MARK: Inside an open directory

    /// `openat(directory, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)`: `ELOOP` when `name` is a
    /// symbolic link.
    package static func open(in directory: CInt, _ name: String, _ flags: CInt, mode: mode_t = 0o600) -> Result<CInt, Errno> {
        check(.open) { openat(directory, name, flags | O_NOFOLLOW | O_CLOEXEC, mode) }
    }

    /// `fstatat(directory, name, AT_SYMLINK_NOFOLLOW)`: a link's own status, not its target's.
    package static func status(in directory: CInt, _ name: String) -> Result<Glibc.stat, Errno> {
        var info = Glibc.stat()
        return check(.stat) { fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) }.map { _ in info }
    }

    /// `renameat` within `directory`.
    package static func rename(in directory: CInt, _ name: String, to newName: String) -> Result<Void, Errno> {
        check(.rename) { renameat(directory, name, directory, newName) }.map { _ in }
    }

    /// `unlinkat(directory, name, 0)`: a link is removed, not its target.
    package static func unlink(in directory: CInt, _ name: String) -> Result<Void, Errno> {
        check(.unlink) { unlinkat(directory, name, 0) }.map { _ in }
    }

    /// The names in `directory` (an open descriptor), without `.` and `..`, sorted; read through
    /// a descriptor of its own, so each listing starts at the first entry.
    package static func entries(of directory: CInt) -> Result<[String], Errno> {
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

// Outside `Syscalls`, where the C name is not shadowed by the wrapper (nor, qualified, by the
// C struct of the same name).
private func statPath(_ path: UnsafePointer<CChar>, _ info: inout stat) -> CInt { stat(path, &info) }
