import POSIXSupport

extension SerialPortError {
    /// The error for `errno` from `operation` while opening and setting up `path`.
    package static func opening(_ path: String, _ operation: String, _ errno: Errno) -> SerialPortError {
        switch errno {
        case Errno.EACCES: .permissionDenied(path: path)
        case Errno.EPERM: .notPermitted(path: path)
        case Errno.ENOENT, Errno.ENODEV, Errno.ENXIO: .notFound(path: path, errno: errno.rawValue)
        case Errno.EBUSY, Errno.EWOULDBLOCK: .busy(path: path, errno: errno.rawValue)
        case Errno.ENOTTY: .notASerialDevice(path: path, kind: .characterDevice)
        default: .system(path: path, operation: operation, errno: errno.rawValue)
        }
    }

    /// The error for `errno` from `operation` on a port that was open: a device that has
    /// gone answers `EIO`, `ENXIO` or `ENODEV`.
    static func transferring(_ path: String, _ operation: String, _ errno: Errno) -> SerialPortError {
        switch errno {
        case Errno.EIO, Errno.ENXIO, Errno.ENODEV: .disconnected(path: path, errno: errno.rawValue)
        case Errno.EACCES: .permissionDenied(path: path)
        case Errno.EPERM: .notPermitted(path: path)
        default: .system(path: path, operation: operation, errno: errno.rawValue)
        }
    }
}
