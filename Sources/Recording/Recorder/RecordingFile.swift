import FoundationEssentials
import Glibc
import POSIXSupport

/// One open piece of a recording: whole lines in, and a file that ends on a whole line
/// whatever fails.
struct RecordingFile {
    /// The path as messages show it (`\xFF` for a byte that is not UTF-8).
    let path: String
    private let fd: CInt
    /// The bytes in the file: every one of them belongs to a whole line.
    private(set) var size: Int
    /// Whether bytes were written since the last `fsync`.
    private var isDirty = false

    /// Opens `path` for writing as `existing` says; never through a symbolic link at `path`
    /// (`O_NOFOLLOW`), which could lead anywhere the user may write, root's files included.
    ///
    /// - Throws: `.fileExists` when it is there and `existing` is `.refuse`; `.symbolicLink`
    ///   when `path` is a link; `.cannotOpen`.
    init(path: FilePath, existing: RecordingOptions.ExistingFile) throws(RecordingError) {
        var flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC
        switch existing {
        case .refuse: flags |= O_EXCL
        case .append: flags |= O_APPEND
        case .replace: flags |= O_TRUNC
        }
        switch Syscalls.retryingOnInterrupt({ Syscalls.openFile(path, flags) }) {
        case .success(let fd): self.fd = fd
        case .failure(let errno) where errno.rawValue == EEXIST: throw .fileExists(path: path.description)
        case .failure(let errno) where errno.rawValue == ELOOP:
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path.description) else {
                throw .cannotOpen(path: path.description, errno: errno.rawValue)
            }
            throw .symbolicLink(path: path.description, target: target)
        case .failure(let errno): throw .cannotOpen(path: path.description, errno: errno.rawValue)
        }
        self.path = path.description
        size = (try? Syscalls.endOffset(fd).get()) ?? 0
    }

    /// Writes whole lines, all of them.
    ///
    /// - Throws: The errno of the write that failed (`ENOSPC`...), after cutting the file back
    ///   to the last whole line written: a short write that ended mid-line leaves no part of it.
    mutating func write(_ lines: ArraySlice<UInt8>) throws(Errno) {
        var written = 0
        let result: Result<Void, Errno> = lines.withUnsafeBytes { bytes in
            while written < bytes.count {
                switch Syscalls.retryingOnInterrupt({ Syscalls.write(fd, UnsafeRawBufferPointer(rebasing: bytes[written...])) }) {
                case .success(let count): written += count
                case .failure(let errno): return .failure(errno)
                }
            }
            return .success(())
        }
        isDirty = isDirty || written > 0
        guard case .failure(let errno) = result else {
            size += written
            return
        }
        let whole = lines.prefix(written).lastIndex(of: 0x0A).map { $0 - lines.startIndex + 1 } ?? 0
        size += whole
        if whole < written { _ = Syscalls.ftruncate(fd, size) }
        throw errno
    }

    /// `fsync`s when bytes were written since the last one.
    mutating func sync() throws(Errno) {
        guard isDirty else { return }
        try Syscalls.fsync(fd).get()
        isDirty = false
    }

    /// Closes the file (after a last `fsync`, whose failure is thrown).
    mutating func close() throws(Errno) {
        defer { _ = Syscalls.close(fd) }
        try sync()
    }
}
