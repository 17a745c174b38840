import Glibc
import POSIXSupport

/// chrony's SOCK refclock (`refclock SOCK PATH` in chrony.conf): each sample goes to chronyd
/// as a `SockSample` datagram on the Unix socket chronyd creates at `path`.
///
/// chronyd binds the socket and `gps` connects to it, so chronyd may start before or after
/// `gps`, and restart. Nothing waits for it: each sample that finds no socket (chronyd not
/// running, or restarted and not yet bound) is lost, and the next sample, a second later,
/// tries again, so a missing chronyd costs one `connect` a second and samples start with the
/// first one after it appears. An outage (no socket, nobody bound to it, permission denied) is
/// said in one line, with what to do, when it begins, and again whenever its cause changes (no
/// socket while chronyd is stopped, then one `gps` may not write once it starts), and its end
/// in one line too, so the last line said is true while samples flow. For a socket
/// that is optional, one that is not there is not an outage until samples have reached it; one
/// that `gps` may not write always is.
public final class ChronySocket: TimeSampleOutput {
    /// The socket chronyd reads, as `refclock SOCK` names it.
    public let path: String
    /// Whether chronyd may never be there: no line says that nobody reads the socket (`ENOENT`,
    /// `ECONNREFUSED`) before the first sample reached it.
    public let isOptional: Bool
    private let log: (String) -> Void
    private var descriptor: CInt = -1
    /// Why samples are not reaching chronyd now; `nil` while they are.
    private var outageCause: OutageCause?
    private var hasSent = false

    /// An output to the socket at `path`; nothing is opened until the first sample. `log`
    /// hears one line when samples first reach chronyd, one when an outage begins, one each
    /// time its cause changes, and one when samples reach chronyd again after it. An optional socket (gpsd's default for a device,
    /// `defaultPath(forDevice:)`) says nothing while no chronyd has made it, but says when it
    /// may not write one that is there.
    public init(path: String, isOptional: Bool = false, log: @escaping (String) -> Void) {
        self.path = path
        self.isOptional = isOptional
        self.log = log
    }

    deinit {
        disconnect()
    }

    /// gpsd's default socket for a device, which chrony users' configurations name:
    /// `/run/chrony.clk.<device's file name>.sock` (`/run/chrony.clk.ttyACM0.sock`).
    public static func defaultPath(forDevice device: String) -> String {
        let name = device.split(separator: "/").last.map(String.init) ?? device
        return "/run/chrony.clk.\(name).sock"
    }

    /// Sends `sample`, connecting first if not connected; a peer that went away (chronyd
    /// restarted) is connected to again and sent the sample once more.
    public func send(_ sample: TimeSample) {
        let datagram = SockSample(sample).bytes
        var result = attempt(datagram)
        if case .failure(let errno) = result, descriptor >= 0, errno != .EAGAIN {
            disconnect()
            result = attempt(datagram)
        }
        switch result {
        case .success:
            if !hasSent {
                log("gps: sending time samples to chronyd at \(path)")
            } else if outageCause != nil {
                log("gps: chronyd is reading \(path) again; sending time samples")
            }
            hasSent = true
            outageCause = nil
        case .failure(let errno):
            if errno != .EAGAIN { disconnect() }
            let cause = OutageCause(errno)
            let isQuiet = isOptional && cause == .absent && !hasSent
            if cause != outageCause, !isQuiet { log("gps: \(Self.outage(at: path, errno))") }
            outageCause = cause
        }
    }

    /// Connects if needed and sends one datagram.
    private func attempt(_ datagram: [UInt8]) -> Result<Void, Errno> {
        if descriptor < 0 {
            switch Syscalls.unixDatagramSocket() {
            case .success(let fd): descriptor = fd
            case .failure(let errno): return .failure(errno)
            }
            if case .failure(let errno) = Syscalls.connect(descriptor, unixPath: path) {
                disconnect()
                return .failure(errno)
            }
        }
        return datagram.withUnsafeBytes { Syscalls.sendDatagram(descriptor, $0) }.map { _ in }
    }

    private func disconnect() {
        guard descriptor >= 0 else { return }
        _ = Syscalls.close(descriptor)
        descriptor = -1
    }

    /// Why samples do not reach chronyd: errnos that mean the same to the user are one cause,
    /// so a chronyd restarting (`ECONNREFUSED`, then `ENOENT`) is one outage, said once.
    enum OutageCause: Equatable {
        /// No socket, or nobody bound to it: chronyd is not running.
        case absent
        /// The socket is there and `gps` may not write it.
        case denied
        /// chronyd is bound but not reading: its queue is full.
        case notReading
        /// Any other failure, by its errno.
        case other(Errno)

        init(_ errno: Errno) {
            switch errno {
            case .ENOENT, .ECONNREFUSED: self = .absent
            case .EACCES, .EPERM: self = .denied
            case .EAGAIN: self = .notReading
            default: self = .other(errno)
            }
        }
    }

    /// What an outage means, with what to do.
    static func outage(at path: String, _ errno: Errno) -> String {
        switch OutageCause(errno) {
        case .absent:
            "no chronyd is reading \(path) (\(errno)); start chronyd with `refclock SOCK \(path)` in chrony.conf. "
                + "Samples are sent as soon as it is there"
        case .denied:
            "may not write to chronyd's socket \(path) (\(errno)); run gps as root, or let gps's user reach the "
                + "socket's directory and write the socket each time chronyd creates it (docs/TimeService.md, Permissions)"
        case .notReading:
            "chronyd is not reading \(path): samples are lost until it does"
        case .other:
            "cannot send to chronyd's socket \(path) (\(errno)); samples are sent again as soon as it works"
        }
    }
}
