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
/// said in one line, with what to do, when it begins; for a socket that is optional, one that is
/// not there is not an outage until samples have reached it.
public final class ChronySocket: TimeSampleOutput {
    /// The socket chronyd reads, as `refclock SOCK` names it.
    public let path: String
    /// Whether chronyd may never be there: no line says that nobody reads the socket (`ENOENT`,
    /// `ECONNREFUSED`) before the first sample reached it.
    public let isOptional: Bool
    private let log: (String) -> Void
    private var descriptor: CInt = -1
    private var isInOutage = false
    private var hasSent = false

    /// An output to the socket at `path`; nothing is opened until the first sample. `log`
    /// hears one line when samples first reach chronyd and one per outage. An optional socket
    /// (gpsd's default for a device, `defaultPath(forDevice:)`) says nothing while no chronyd
    /// has made it.
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
            if !hasSent { log("gps: sending time samples to chronyd at \(path)") }
            hasSent = true
            isInOutage = false
        case .failure(let errno):
            if errno != .EAGAIN { disconnect() }
            let isAbsent = errno == .ENOENT || errno == .ECONNREFUSED
            if !isInOutage, !(isOptional && isAbsent && !hasSent) { log("gps: \(Self.outage(at: path, errno))") }
            isInOutage = true
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

    /// What an outage means, with what to do.
    static func outage(at path: String, _ errno: Errno) -> String {
        switch errno {
        case .ENOENT, .ECONNREFUSED:
            "no chronyd is reading \(path) (\(errno)); start chronyd with `refclock SOCK \(path)` in chrony.conf. "
                + "Samples are sent as soon as it is there"
        case .EACCES, .EPERM:
            "may not write to chronyd's socket \(path) (\(errno)); run gps as the socket's owner or a member of "
                + "its group, or let chronyd create it in a directory gps may use (docs/TimeService.md)"
        case .EAGAIN:
            "chronyd is not reading \(path): samples are lost until it does"
        default:
            "cannot send to chronyd's socket \(path) (\(errno)); samples are sent again as soon as it works"
        }
    }
}
