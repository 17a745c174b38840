import FoundationEssentials
import Glibc
import POSIXSupport

/// One open piece of a recording: whole lines in, and a file that ends on a whole line
/// whatever fails.
///
/// The output may also be a FIFO, a character device, or a descriptor the process was given
/// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`): those are written as they are, and never
/// `fsync`ed, which they do not support.
struct RecordingFile {
    /// The path as messages show it (`\xFF` for a byte that is not UTF-8).
    let path: String
    /// The path's bytes, as opened.
    private let location: FilePath
    private let fd: CInt
    /// The bytes in the file: every one of them belongs to a whole line.
    private(set) var size: Int
    /// Whether bytes were written since the last `fsync`.
    private var isDirty = false
    /// Whether it is a regular file: only one is `fsync`ed, and only one can lose its name.
    private let isRegular: Bool
    /// Whether this recording created the file (nothing was at `path` before).
    private let isCreated: Bool
    /// Whether pieces can follow it (`FILE.1`…): a regular file at a path of its own, not a
    /// FIFO, a device or a descriptor the process was given (`/dev/stdout`).
    let takesPieces: Bool

    /// Opens `path` for writing as `existing` says; never through a symbolic link at `path`
    /// (`O_NOFOLLOW`), which could lead anywhere the user may write, root's files included.
    ///
    /// A FIFO or a character device at `path` holds nothing to overwrite: it is opened as it
    /// is, whatever `existing` says. `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` name this
    /// process's own descriptors, which are used as they are (the shell opened them).
    ///
    /// - Throws: `.fileExists` when it is there and `existing` is `.refuse`; `.symbolicLink`
    ///   when `path` is a link; `.noReader` for a FIFO nothing reads (opening it would wait);
    ///   `.cannotOpen`.
    init(path location: FilePath, existing: RecordingOptions.ExistingFile) throws(RecordingError) {
        self.location = location
        path = location.description
        let before = try? Syscalls.linkStatus(location).get()
        let given = location.string.flatMap(Self.givenDescriptor)
        if let given {
            fd = try Self.opened(path, Syscalls.duplicate(given))
        } else if let before, [S_IFIFO, S_IFCHR].contains(before.st_mode & S_IFMT) {
            fd = try Self.openSpecial(location, isFIFO: before.st_mode & S_IFMT == S_IFIFO)
        } else {
            fd = try Self.openRegular(location, existing: existing)
        }
        let status = try? Syscalls.fstat(fd).get()
        isRegular = status.map { $0.st_mode & S_IFMT == S_IFREG } ?? false
        isCreated = before == nil && isRegular
        takesPieces = isRegular && given == nil
        size = isRegular ? (try? Syscalls.endOffset(fd).get()) ?? 0 : 0
    }

    /// Whether the file has lost its last name (it, or its folder, was deleted): what is
    /// written into it now is lost when it is closed. Never for a FIFO or a device.
    var isRemoved: Bool {
        guard isRegular, let status = try? Syscalls.fstat(fd).get() else { return false }
        return status.st_nlink == 0
    }

    /// Writes whole lines, all of them.
    ///
    /// - Throws: The errno of the write that failed (`ENOSPC`...), after cutting the file back
    ///   to the last whole line written: a short write that ended mid-line leaves no part of it.
    mutating func write(_ lines: ArraySlice<UInt8>) throws(Errno) {
        var written = 0
        let result = lines.withUnsafeBytes { Syscalls.writeAll(fd, $0, written: &written) }
        isDirty = isDirty || written > 0
        guard case .failure(let errno) = result else {
            size += written
            return
        }
        let whole = lines.prefix(written).lastIndex(of: 0x0A).map { $0 - lines.startIndex + 1 } ?? 0
        size += whole
        if whole < written, isRegular { _ = Syscalls.ftruncate(fd, size) }
        throw errno
    }

    /// `fsync`s a regular file when bytes were written since the last one.
    mutating func sync() throws(Errno) {
        guard isDirty, isRegular else { return }
        try Syscalls.fsync(fd).get()
        isDirty = false
    }

    /// Closes the file (after a last `fsync`, whose failure is thrown).
    mutating func close() throws(Errno) {
        defer { _ = Syscalls.close(fd) }
        try sync()
    }

    /// Closes the file and removes it when this recording created it and wrote nothing into
    /// it, and `path` still names it: a run that never opened its device leaves no empty file
    /// that the next run would refuse. Returns whether it was removed.
    mutating func closeRemovingIfUnused() -> Bool {
        defer { _ = Syscalls.close(fd) }
        guard isCreated, size == 0, !isDirty, let open = try? Syscalls.fstat(fd).get(),
              let named = try? Syscalls.linkStatus(location).get(), open.st_ino == named.st_ino, open.st_dev == named.st_dev
        else { return false }
        return (try? Syscalls.unlink(location).get()) != nil
    }

    /// The descriptor `path` names when it is one of this process's own: `/dev/stdout` (1),
    /// `/dev/stderr` (2), `/dev/fd/N` or `/proc/self/fd/N`.
    private static func givenDescriptor(_ path: String) -> CInt? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return CInt(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    private static func openSpecial(_ location: FilePath, isFIFO: Bool) throws(RecordingError) -> CInt {
        let path = location.description
        // Not waiting in `open` for a FIFO's reader, where Ctrl-C could not stop it.
        let flags = O_WRONLY | O_NOFOLLOW | O_CLOEXEC | (isFIFO ? O_NONBLOCK : 0)
        let result = Syscalls.retryingOnInterrupt { Syscalls.open(location, flags) }
        if isFIFO, case .failure(let errno) = result, errno.rawValue == ENXIO { throw .noReader(path: path) }
        let fd = try opened(path, result)
        if isFIFO, case .failure(let errno) = Syscalls.makeBlocking(fd) {
            _ = Syscalls.close(fd)
            throw .cannotOpen(path: path, errno: errno.rawValue)
        }
        return fd
    }

    private static func openRegular(_ location: FilePath, existing: RecordingOptions.ExistingFile) throws(RecordingError) -> CInt {
        let path = location.description
        var flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC
        switch existing {
        case .refuse: flags |= O_EXCL
        case .append: flags |= O_APPEND
        case .replace: flags |= O_TRUNC
        }
        switch Syscalls.retryingOnInterrupt({ Syscalls.open(location, flags) }) {
        case .success(let fd): return fd
        case .failure(let errno) where errno.rawValue == EEXIST: throw .fileExists(path: path)
        case .failure(let errno) where errno.rawValue == ELOOP:
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
                throw .cannotOpen(path: path, errno: errno.rawValue)
            }
            throw .symbolicLink(path: path, target: target)
        case .failure(let errno): throw .cannotOpen(path: path, errno: errno.rawValue)
        }
    }

    private static func opened(_ path: String, _ result: Result<CInt, Errno>) throws(RecordingError) -> CInt {
        switch result {
        case .success(let fd): fd
        case .failure(let errno): throw .cannotOpen(path: path, errno: errno.rawValue)
        }
    }
}
