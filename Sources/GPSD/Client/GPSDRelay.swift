import Glibc
import POSIXSupport

/// The NMEA a running gpsd relays, chunk by chunk, for a consumer that wants the sentences
/// themselves rather than fixes (`gps read gpsd:// --json` feeds them to a `ReportStream`).
///
/// Like `GPSDLocationProvider`, it asks `?WATCH={"enable":true,"nmea":true}`, tries again every
/// `recheckInterval` while gpsd refuses the connection and reconnects when gpsd goes away;
/// each distinct failure is reported once per outage.
public struct GPSDRelay: Sendable {
    /// Where gpsd listens.
    public let address: GPSDAddress
    /// The receiver to watch, for a gpsd that serves several; `nil` for all of them.
    public let device: String?
    /// The wait between connection attempts.
    public let recheckInterval: Duration

    /// A relay; nothing connects until `run`.
    public init(address: GPSDAddress = .loopback, device: String? = nil, recheckInterval: Duration = .seconds(2)) {
        self.address = address
        self.device = device
        self.recheckInterval = recheckInterval
    }

    /// Connects and hands every chunk gpsd sends to `chunk`, forever, blocking the calling
    /// thread (end it with the process).
    ///
    /// - Parameters:
    ///   - connected: Called each time a connection starts (before its first chunk).
    ///   - failure: Hears `GPSDError.connectionRefused` (and other connection errors) once per
    ///     outage, and `.disconnected` each time gpsd goes away.
    ///   - chunk: The bytes as they arrive, valid only during the call; gpsd's own JSON lines
    ///     (VERSION, DEVICES, WATCH) come first, which `NMEAFramer` skips.
    public func run(
        connected: () -> Void = {}, failure: (GPSDError) -> Void, chunk: (UnsafeRawBufferPointer) -> Void
    ) -> Never {
        var lastFailure: GPSDError?
        while true {
            switch Sockets.connect(to: address, timeout: 5000) {
            case .failure(let error):
                if error != lastFailure { failure(error) }
                lastFailure = error
            case .success(let fd):
                lastFailure = nil
                connected()
                if NMEAWatch.request(on: fd, device: device) { _ = NMEAWatch.read(fd, until: nil, chunk) }
                _ = Syscalls.close(fd)
                failure(.disconnected(address))
            }
            let (seconds, attoseconds) = recheckInterval.components
            usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
    }
}
