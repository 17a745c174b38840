/// Why the spool directory cannot be used.
public enum MQTTSpoolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `mkdir` or `open` failed, or the path is not a directory (`ENOTDIR`), with the errno.
    case cannotCreate(String, errno: CInt)
    /// The directory belongs to user `owner`, not to `user`, the user the program runs as.
    case notOwned(String, owner: UInt32, user: UInt32)
    /// The directory's group or others may write it: `mode` holds its permission bits.
    case writableByOthers(String, mode: UInt32)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let errno):
            "cannot use \(path) as the spool directory (errno \(errno)): give a directory you may write, or create it"
        case .notOwned(let path, let owner, let user):
            "refusing \(path) as the spool directory: it belongs to user \(owner), not to you (user \(user)), and what is "
                + "in it would be published with your credentials: give a directory of your own"
        case .writableByOthers(let path, let mode):
            "refusing \(path) as the spool directory: others may write it (mode 0\(String(mode, radix: 8))), and what "
                + "is in it would be published with your credentials: chmod go-w \(path), or give a directory only you may write"
        }
    }
}
