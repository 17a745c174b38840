import CPOSIXSupport
import Glibc

/// A C `errno` value as a Swift error, for the `Result`s of `Syscalls`.
///
/// The modules' public errors carry the raw `CInt`; this type is how they name, compare and
/// describe it.
package struct Errno: Error, Hashable, CustomStringConvertible {
    package let rawValue: CInt

    package init(_ rawValue: CInt) { self.rawValue = rawValue }

    /// The calling thread's `errno`, right after a failed call.
    package static var current: Errno { Errno(errno) }

    package static let EACCES = Errno(Glibc.EACCES)
    package static let EPERM = Errno(Glibc.EPERM)
    package static let ENOENT = Errno(Glibc.ENOENT)
    package static let ENODEV = Errno(Glibc.ENODEV)
    package static let ENXIO = Errno(Glibc.ENXIO)
    package static let EBUSY = Errno(Glibc.EBUSY)
    package static let EWOULDBLOCK = Errno(Glibc.EWOULDBLOCK)
    package static let EAGAIN = Errno(Glibc.EAGAIN)
    package static let EINTR = Errno(Glibc.EINTR)
    package static let EIO = Errno(Glibc.EIO)
    package static let ECANCELED = Errno(Glibc.ECANCELED)
    package static let ENOTTY = Errno(Glibc.ENOTTY)
    package static let EBADF = Errno(Glibc.EBADF)
    package static let EINVAL = Errno(Glibc.EINVAL)
    package static let ETIMEDOUT = Errno(Glibc.ETIMEDOUT)
    package static let EINPROGRESS = Errno(Glibc.EINPROGRESS)
    package static let ECONNREFUSED = Errno(Glibc.ECONNREFUSED)

    /// `strerror`'s text and the symbolic name: `"No such file or directory (ENOENT)"`, or
    /// `"… (errno 4242)"` when the C library has no name for it.
    package var description: String {
        let text = strerror(rawValue).map { String(cString: $0) } ?? "error"
        let name = cposix_errno_name(rawValue).map { String(cString: $0) } ?? "errno \(rawValue)"
        return "\(text) (\(name))"
    }
}
