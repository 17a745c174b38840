/// Why the spool directory cannot be used.
public enum MQTTSpoolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `mkdir` failed, or the path is not a directory, with the errno.
    case cannotCreate(String, errno: CInt)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let errno):
            "cannot use \(path) as the spool directory (errno \(errno)): give a directory you may write, or create it"
        }
    }
}
