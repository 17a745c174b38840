import Glibc

/// A C `errno` value as a Swift error, for the `Result`s of `Syscalls`.
struct Errno: Error, Hashable {
    let rawValue: CInt

    init(_ rawValue: CInt) { self.rawValue = rawValue }

    /// The calling thread's `errno`, right after a failed call.
    static var current: Errno { Errno(errno) }

    static let EACCES = Errno(Glibc.EACCES)
    static let EPERM = Errno(Glibc.EPERM)
    static let ENOENT = Errno(Glibc.ENOENT)
    static let ENODEV = Errno(Glibc.ENODEV)
    static let ENXIO = Errno(Glibc.ENXIO)
    static let EBUSY = Errno(Glibc.EBUSY)
    static let EWOULDBLOCK = Errno(Glibc.EWOULDBLOCK)
    static let EAGAIN = Errno(Glibc.EAGAIN)
    static let EINTR = Errno(Glibc.EINTR)
    static let EIO = Errno(Glibc.EIO)
    static let ENOTTY = Errno(Glibc.ENOTTY)
    static let EBADF = Errno(Glibc.EBADF)
    static let EINVAL = Errno(Glibc.EINVAL)
    static let ETIMEDOUT = Errno(Glibc.ETIMEDOUT)

    private static let names: [CInt: String] = [
        Glibc.EACCES: "EACCES", Glibc.EPERM: "EPERM", Glibc.ENOENT: "ENOENT", Glibc.ENODEV: "ENODEV",
        Glibc.ENXIO: "ENXIO", Glibc.EBUSY: "EBUSY", Glibc.EAGAIN: "EAGAIN", Glibc.EINTR: "EINTR",
        Glibc.EIO: "EIO", Glibc.ENOTTY: "ENOTTY", Glibc.EBADF: "EBADF", Glibc.EINVAL: "EINVAL",
        Glibc.ETIMEDOUT: "ETIMEDOUT", Glibc.EEXIST: "EEXIST",
    ]

    /// `"No such file or directory (ENOENT)"`, or the number when the C library has no name.
    static func describe(_ errno: CInt) -> String {
        let text = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return names[errno].map { "\(text) (\($0))" } ?? "\(text) (errno \(errno))"
    }
}
