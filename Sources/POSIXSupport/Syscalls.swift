import CPOSIXSupport
import Glibc

/// The one seam through which the package calls the C library.
///
/// Each wrapper returns the C result or the errno, never a sentinel `-1`. In debug builds
/// every call first consults `FaultInjection.current`, which is how tests force an errno or a
/// short read. The wrappers neither retry nor interpret an errno: callers decide (see
/// `retryingOnInterrupt`), apart from `writeAll`, the one "write everything" loop. Descriptors,
/// files (`Syscalls+Files`: open, stat, mkdir, rename, unlink, fsync, by `FilePath` or inside
/// an open directory) and sockets live here; a module adds only the calls no other makes in an
/// extension of its own, each through `check` (`SerialPort` its terminal and device calls,
/// `TimeService` its shared memory). `.ci/check-syscalls` fails on a raw `open`, `write`,
/// `fsync`, `rename`, `unlink` or `mkdir` anywhere else in `Sources`.
package enum Syscalls {
    /// The calls a debug build can fail on purpose (see `FaultInjection`).
    package enum Call: Hashable, Sendable {
        // Descriptors.
        case open, close, read, write, poll, pipe, ioctl, flock, fstat
        // Terminals.
        case tcgetattr, tcsetattr, tcflush, openpty
        // Files; `kernelFile` reads the kernel's small tables in /proc and /sys.
        case stat, readlink, symlink, unlink, inotify, mkdir, rename, kernelFile
        // Recordings.
        case fsync, ftruncate, lseek
        // Sockets.
        case socket, setsockopt, bind, listen, accept, connect, send
        // System V shared memory.
        case shmget, shmat
    }

    /// `read`, at most the plan's read limit in debug builds (see `FaultInjection.limitReads(to:)`).
    package static func read(_ fd: CInt, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        var count = buffer.count
        #if DEBUG
        if let limit = FaultInjection.current?.readLimit { count = min(count, limit) }
        #endif
        return check(.read) { Glibc.read(fd, buffer.baseAddress, count) }
    }

    /// `write`, at most the plan's write limit in debug builds (see `FaultInjection.limitWrites(to:)`).
    package static func write(_ fd: CInt, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        var count = buffer.count
        #if DEBUG
        if let limit = FaultInjection.current?.writeLimit { count = min(count, limit) }
        #endif
        return check(.write) { Glibc.write(fd, buffer.baseAddress, count) }
    }

    /// `poll`; `timeout` in milliseconds, -1 for none.
    package static func poll(_ fds: inout [pollfd], timeout: CInt) -> Result<CInt, Errno> {
        check(.poll) { Glibc.poll(&fds, nfds_t(fds.count), timeout) }
    }

    package static func close(_ fd: CInt) -> Result<Void, Errno> {
        check(.close) { Glibc.close(fd) }.map { _ in }
    }

    /// A pipe, close-on-exec from its creation (`pipe2`), so no child spawned meanwhile by
    /// another thread inherits it: (read end, write end). Non-blocking unless `isBlocking`
    /// (the ends given to a child as its standard output).
    package static func pipe(isBlocking: Bool = false) -> Result<(CInt, CInt), Errno> {
        var fds: [CInt] = [-1, -1]
        return check(.pipe) {
            isBlocking ? cposix_pipe_cloexec(&fds) : cposix_pipe_cloexec_nonblock(&fds)
        }.map { _ in (fds[0], fds[1]) }
    }

    /// Runs `body` until it fails with something other than `EINTR`.
    package static func retryingOnInterrupt<T>(_ body: () -> Result<T, Errno>) -> Result<T, Errno> {
        while true {
            let result = body()
            if case .failure(.EINTR) = result { continue }
            return result
        }
    }

    /// Runs `body`, a C call that returns -1 and sets `errno` on failure, as `call`: in debug
    /// builds the errno the current plan forces on it instead, if any.
    package static func check<T: BinaryInteger>(_ call: Call, _ body: () -> T) -> Result<T, Errno> {
        #if DEBUG
        if let forced = FaultInjection.current?.take(call) { return .failure(Errno(forced)) }
        #endif
        let result = body()
        return result == -1 ? .failure(.current) : .success(result)
    }
}
