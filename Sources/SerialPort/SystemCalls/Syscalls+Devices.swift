import CSerialPort
import Glibc
import POSIXSupport

/// The calls only `SerialPort` makes, through the package's one seam (`Syscalls.check`): device
/// and terminal control, and the file system that discovery and virtual receivers read and link.
extension Syscalls {
    // MARK: Descriptors

    static func ioctl(_ fd: CInt, _ request: CInt) -> Result<Void, Errno> {
        check(.ioctl) { Glibc.ioctl(fd, UInt(request)) }.map { _ in }
    }

    /// The number of bytes waiting in terminal `fd`'s input queue (`ioctl(FIONREAD)`).
    static func queuedInput(_ fd: CInt) -> Result<Int, Errno> {
        // Bytes written to a pty master reach the slave's queue from a kernel work item;
        // FIONREAD does not wait for it but poll does (n_tty flushes it), so poll first.
        var probe = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        _ = poll(&probe, timeout: 0)
        var count: CInt = 0
        return check(.ioctl) { Glibc.ioctl(fd, UInt(FIONREAD), &count) }.map { _ in Int(count) }
    }

    static func flock(_ fd: CInt, _ operation: CInt) -> Result<Void, Errno> {
        check(.flock) { lockFile(fd, operation) }.map { _ in }
    }

    /// A non-blocking, close-on-exec inotify instance (`inotify_init1`).
    static func inotify() -> Result<CInt, Errno> {
        check(.inotify) { inotify_init1(CInt(IN_NONBLOCK | IN_CLOEXEC)) }
    }

    /// Watches `path` for `mask` on inotify instance `fd` (`inotify_add_watch`; a link is followed).
    static func watch(_ fd: CInt, _ path: FilePath, _ mask: UInt32) -> Result<CInt, Errno> {
        check(.inotify) { path.withCString { inotify_add_watch(fd, $0, mask) } }
    }

    // MARK: Terminals

    static func tcgetattr(_ fd: CInt) -> Result<termios, Errno> {
        var attributes = termios()
        return check(.tcgetattr) { Glibc.tcgetattr(fd, &attributes) }.map { _ in attributes }
    }

    static func tcsetattr(_ fd: CInt, _ attributes: termios) -> Result<Void, Errno> {
        var attributes = attributes
        return check(.tcsetattr) { Glibc.tcsetattr(fd, TCSANOW, &attributes) }.map { _ in }
    }

    static func tcflush(_ fd: CInt, _ queue: CInt) -> Result<Void, Errno> {
        check(.tcflush) { Glibc.tcflush(fd, queue) }.map { _ in }
    }

    /// `openpty` with the given slave attributes, both descriptors close-on-exec from the
    /// start (`posix_openpt(O_CLOEXEC)`): (master, slave).
    static func openpty(_ attributes: termios) -> Result<(CInt, CInt), Errno> {
        var master: CInt = -1
        var slave: CInt = -1
        var attributes = attributes
        return check(.openpty) { csp_openpty_cloexec(&master, &slave, &attributes) }.map { _ in (master, slave) }
    }

    static func ttyname(_ fd: CInt) -> Result<String, Errno> {
        var name = [CChar](repeating: 0, count: Int(PATH_MAX))
        let status = ttyname_r(fd, &name, name.count)
        guard status == 0 else { return .failure(Errno(status)) }
        return .success(name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    // MARK: File system (discovery, symlinks)

    /// Whether the real user may open `path` for reading and writing (`access(R_OK | W_OK)`).
    static func canReadAndWrite(_ path: String) -> Bool {
        access(path, R_OK | W_OK) == 0
    }

    /// The names in a directory, without `.` and `..`; empty when it cannot be read.
    static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The name of group `id`, or `nil` when the group database does not know it.
    static func groupName(_ id: gid_t) -> String? {
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrgid_r(id, &group, &buffer, buffer.count, &result) == 0, let found = result else { return nil }
        return String(cString: found.pointee.gr_name)
    }
}

// Outside `Syscalls`, where the C name is not shadowed by the wrapper.
private func lockFile(_ fd: CInt, _ operation: CInt) -> CInt { flock(fd, operation) }
