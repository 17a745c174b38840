import Glibc

/// A C `errno` value as a Swift error, for the `Result`s of `Syscalls`.
struct Errno: Error, Hashable {
    let rawValue: CInt

    init(_ rawValue: CInt) { self.rawValue = rawValue }

    /// The calling thread's `errno`, right after a failed call.
    static var current: Errno { Errno(errno) }

    static let EAGAIN = Errno(Glibc.EAGAIN)
    static let EINTR = Errno(Glibc.EINTR)
    static let EINPROGRESS = Errno(Glibc.EINPROGRESS)
    static let ECONNREFUSED = Errno(Glibc.ECONNREFUSED)
    static let ETIMEDOUT = Errno(Glibc.ETIMEDOUT)

    /// `"Connection refused (errno 111)"`.
    var description: String {
        let text = strerror(rawValue).map { String(cString: $0) } ?? "error"
        return "\(text) (errno \(rawValue))"
    }
}
