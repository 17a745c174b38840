import POSIXSupport

/// Why a serial port operation failed, with the device path and the C `errno` behind it.
///
/// Each case's `description` names the device and says what to do about it.
public enum SerialPortError: Error, Hashable, Sendable {
    /// The user may not open the device (`EACCES`): usually not in the `dialout` group.
    case permissionDenied(path: String)
    /// The operation is not permitted (`EPERM`), for example a setting only root may change.
    case notPermitted(path: String)
    /// No device at that path (`ENOENT`, `ENODEV`, or `ENXIO` at open): not plugged in, or a typo.
    case notFound(path: String, errno: CInt)
    /// Another process has the device open exclusively (`EBUSY` from `TIOCEXCL`, or
    /// `EWOULDBLOCK` from the `flock` that also stops root).
    case busy(path: String, errno: CInt)
    /// The path names something that is not a serial device, and never will be: a directory,
    /// a regular file, a FIFO, or a device no terminal driver claims (`/dev/null`, `/dev/kmsg`;
    /// `ENOTTY`). Final: opening it again cannot help.
    case notASerialDevice(path: String, kind: NodeKind)
    /// The path is a console: `/dev/console`, the controlling terminal `/dev/tty`, a virtual
    /// console (`/dev/tty0`...`/dev/tty63`) or a device the kernel writes its console to
    /// (`console=`, listed in `/sys/class/tty/console/active`). Its settings are never
    /// touched. Final: opening it again cannot help.
    case console(path: String)
    /// The rate is not one of `SerialPort.BaudRate.standard`, or the driver did not keep it.
    case unsupportedBaudRate(path: String, baudRate: SerialPort.BaudRate)
    /// The device went away while open: `EIO`, `ENXIO` or `ENODEV` from a read or write,
    /// `POLLHUP` or `POLLERR` from `poll`, or end of file. `errno` is 0 for the last three.
    case disconnected(path: String, errno: CInt)
    /// Any other failure of the C function named by `operation` (such as `"tcsetattr"`),
    /// including `EBADF` for a port that was closed and `ETIMEDOUT` for a write that timed out.
    case system(path: String, operation: String, errno: CInt)

    /// The device path the failure concerns.
    public var path: String {
        switch self {
        case .permissionDenied(let path), .notPermitted(let path), .notFound(let path, _),
             .busy(let path, _), .notASerialDevice(let path, _), .console(let path), .unsupportedBaudRate(let path, _),
             .disconnected(let path, _), .system(let path, _, _):
            path
        }
    }

    /// The C `errno` behind the failure; 0 when there was none (end of file, hang-up, a
    /// console, or an unsupported rate found before any call).
    public var errno: CInt {
        switch self {
        case .permissionDenied: Errno.EACCES.rawValue
        case .notPermitted: Errno.EPERM.rawValue
        case .notASerialDevice: Errno.ENOTTY.rawValue
        case .unsupportedBaudRate, .console: 0
        case .notFound(_, let errno), .busy(_, let errno), .disconnected(_, let errno),
             .system(_, _, let errno):
            errno
        }
    }

    /// Whether trying again cannot help: the path is not a serial device or is a console. A
    /// missing, busy or refused device may change (plugged in, released, access granted);
    /// these never do.
    public var isFinal: Bool {
        switch self {
        case .notASerialDevice, .console: true
        default: false
        }
    }
}
