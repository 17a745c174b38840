import Glibc
import POSIXSupport

/// Why a gpsd-protocol connection or server failed, with the C `errno` behind it.
public enum GPSDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host name does not resolve to an address.
    case unknownHost(String)
    /// A server could not listen there (`EADDRINUSE`: the port is taken, often by gpsd itself).
    case cannotListen(GPSDAddress, errno: CInt)
    /// Nothing listens there (`ECONNREFUSED`): gpsd is not running, or on another port.
    case connectionRefused(GPSDAddress)
    /// Connecting failed otherwise (unreachable, timed out...).
    case connectionFailed(GPSDAddress, errno: CInt)
    /// The server closed the connection, or it broke, while reading.
    case disconnected(GPSDAddress)
    /// The server accepted the connection and sent nothing for `after` (gpsd greets every
    /// client with VERSION at once): a hung gpsd, or another service on the port.
    case silent(GPSDAddress, after: Duration)
    /// The server answered with an `ERROR` object, such as "No such device as /dev/ttyUSB9"
    /// for a watch of a device it does not have.
    case answered(GPSDAddress, message: String)
    /// The control socket could not be made at that path (`EEXIST`: a file that is not a
    /// socket is there; `ENAMETOOLONG`: longer than a Unix socket's path may be; `EACCES`).
    case cannotControl(String, errno: CInt)
    /// A socket call failed outside those cases.
    case system(operation: String, errno: CInt)

    /// What happened, and what to do about it.
    public var description: String {
        switch self {
        case .unknownHost(let host):
            "Unknown host \(host): give an IPv4 address, an IPv6 one in brackets ([::1]) or a name that resolves to one."
        case .cannotListen(let address, let errno):
            "Cannot listen on \(address): \(Errno(errno).description)."
                + (errno == EADDRINUSE ? " Another server holds the port (often gpsd: `sudo systemctl stop gpsd.socket gpsd`), or pick another with --listen." : "")
        case .connectionRefused(let address):
            "Nothing listens on \(address) (connection refused): is gpsd running (`systemctl status gpsd`)?"
        case .connectionFailed(let address, let errno):
            "Cannot connect to \(address): \(Errno(errno).description)."
        case .disconnected(let address):
            "The connection to \(address) was closed."
        case .silent(let address, let wait):
            "\(address) accepted the connection but sent nothing in \(wait); gpsd greets at once. "
                + "Is it gpsd, and is it hung (`systemctl status gpsd`)? Trying again."
        case .answered(let address, let message):
            "gpsd at \(address) answered: \(message)."
        case .cannotControl(let path, let errno):
            "Cannot make the control socket \(path): \(Errno(errno).description)."
                + (errno == EEXIST ? " A file that is not a socket is there: remove it, or give another --control PATH." : "")
                + (errno == EADDRINUSE ? " Another server answers on it (a gps serve or gpsd): stop it, or give another --control PATH." : "")
        case .system(let operation, let errno):
            "\(operation) failed: \(Errno(errno).description)."
        }
    }
}
