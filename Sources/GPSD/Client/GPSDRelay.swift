import Glibc
import POSIXSupport

/// The NMEA a running gpsd relays, chunk by chunk, for a consumer that wants the sentences
/// themselves rather than fixes (`gps read gpsd:// --json` feeds them to a `ReportStream`).
///
/// Like `GPSDLocationProvider`, it asks `?WATCH={"enable":true,"nmea":true}`, tries again every
/// `recheckInterval` while gpsd refuses the connection and reconnects when gpsd goes away;
/// each distinct failure is reported once per outage. It applies the package's quiet-line rule
/// as `GPSDLocationProvider` does: it says when the relayed bytes stop after a burst.
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
    /// gpsd relays each burst of the receiver as it comes, so a silence after bytes means the
    /// receiver's epoch is over: `quiet` is when a consumer that assembles epochs ends the one
    /// it holds (`ReportStream.endEpoch(_:)`), rather than at gpsd's next burst, hours later if
    /// the receiver has stopped.
    ///
    /// - Parameters:
    ///   - connected: Called each time a connection starts (before its first chunk).
    ///   - quiet: Called once each time no byte has come for `NMEALocationProvider.quietInterval`
    ///     (500 ms) after bytes, and once when a connection ends: no more bytes will come on it.
    ///     A silence costs one extra wake-up, never one per interval.
    ///   - failure: Hears `GPSDError.connectionRefused` (and other connection errors) once per
    ///     outage, `.disconnected` each time gpsd goes away, and `.answered` for each ERROR
    ///     gpsd sends (a watch of a device it does not have).
    ///   - chunk: The bytes as they arrive, valid only during the call; gpsd's own JSON lines
    ///     (VERSION, DEVICES, WATCH) come first, which `NMEAFramer` skips.
    public func run(
        connected: () -> Void = {}, quiet: () -> Void = {}, failure: (GPSDError) -> Void,
        chunk: (UnsafeRawBufferPointer) -> Void
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
                if NMEAWatch.request(on: fd, device: device) {
                    _ = NMEAWatch.read(fd, until: nil, quiet: quiet, error: { failure(.answered(address, message: $0)) }, chunk)
                }
                _ = Syscalls.close(fd)
                quiet()
                failure(.disconnected(address))
            }
            let (seconds, attoseconds) = recheckInterval.components
            usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
    }
}
