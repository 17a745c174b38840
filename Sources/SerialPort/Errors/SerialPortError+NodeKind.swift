import Glibc

extension SerialPortError {
    /// What a path that is not a serial device names, as `stat` tells it.
    public enum NodeKind: Hashable, Sendable, CustomStringConvertible {
        /// A directory, such as `/tmp`.
        case directory
        /// A regular file, such as a capture.
        case regularFile
        /// A FIFO (named pipe).
        case fifo
        /// A Unix-domain socket.
        case socket
        /// A block device, such as a disk.
        case blockDevice
        /// A character device no terminal driver claims, such as `/dev/null` or `/dev/kmsg`.
        case characterDevice
        /// A symbolic link that could not be followed, or a kind `stat` did not name.
        case other

        /// The kind of a node whose `st_mode` is `mode`.
        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .directory
            case S_IFREG: self = .regularFile
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFBLK: self = .blockDevice
            case S_IFCHR: self = .characterDevice
            default: self = .other
            }
        }

        /// "a directory", "a regular file", "a character device but no terminal"...
        public var description: String {
            switch self {
            case .directory: "a directory"
            case .regularFile: "a regular file"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .blockDevice: "a block device"
            case .characterDevice: "a character device but no terminal"
            case .other: "not a device"
            }
        }
    }
}
