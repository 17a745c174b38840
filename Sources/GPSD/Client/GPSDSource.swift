import FoundationEssentials
import GPSReader
import Glibc
import LocationTracking
import POSIXSupport

/// A running gpsd (or `gps serve`) as a `ReceiverSource`: it connects, asks
/// `?WATCH={"enable":true,"json":false,"nmea":true}` and decodes the NMEA gpsd relays through
/// an `EpochStream`, so fixes are exactly those the receiver would give a `DeviceConnection`.
///
/// A refused connection (gpsd not running) is `.failed(GPSDError.connectionRefused)`, said once
/// per outage and tried again every `recheckInterval`; a server that accepts and sends nothing
/// for `greetingTimeout` is `.failed(.silent)`, closed and tried again; gpsd going away is
/// `.failed(.disconnected)`, followed by a reconnect. An ERROR gpsd answers with (`No such
/// device as /dev/ttyUSB9`) is `.failed(.answered)`. `.opened` comes with gpsd's greeting.
/// `.bytes` are the relayed NMEA as it arrived, without gpsd's own JSON lines (its `VERSION`,
/// `DEVICES` and `WATCH` answers), so a recorder keeps what the receiver sent.
/// gpsd relays each burst as it comes, so a silence of `DeviceConnection.quietInterval` after
/// bytes ends the epoch (`.quiet`). Every wait is on the `EventLoop`, and ends when the
/// iterating task is cancelled.
public struct GPSDSource: ReceiverSource, ReopeningSource {
    /// Where gpsd listens.
    public let address: GPSDAddress
    /// The receiver to watch, for a gpsd that serves several; `nil` for all of them.
    public let device: String?
    /// The wait between connection attempts.
    public let recheckInterval: Duration
    /// How long a connected server may stay silent before it is taken for hung.
    public let greetingTimeout: Duration
    /// The clock the waits between connection attempts sleep on: a `ContinuousClock` unless a
    /// test drives one of its own.
    public let clock: any Clock<Duration>

    /// A source; nothing connects until its events are iterated or access is checked.
    ///
    /// - Parameters:
    ///   - address: gpsd's address; `127.0.0.1:2947` by default.
    ///   - device: The device path to watch, for a gpsd with several receivers.
    ///   - recheckInterval: The wait between connection attempts; 2 seconds by default.
    ///   - greetingTimeout: The longest wait for gpsd's greeting; 5 seconds by default.
    ///   - clock: What the waits between connection attempts sleep on; a `ContinuousClock` by default.
    public init(
        address: GPSDAddress = .loopback, device: String? = nil, recheckInterval: Duration = .seconds(2),
        greetingTimeout: Duration = .seconds(5), clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.address = address
        self.device = device
        self.recheckInterval = recheckInterval
        self.greetingTimeout = greetingTimeout
        self.clock = clock
    }

    /// Waits `interval` on `clock` before gpsd is tried again; false when cancelled.
    public func waitForChange(upTo interval: Duration) async -> Bool {
        (try? await clock.sleep(for: interval)) != nil
    }

    /// The device watched, or `gpsd://HOST:PORT`.
    public var name: String {
        device ?? "gpsd://\(address)"
    }

    /// `.notDetermined`: known once gpsd has greeted.
    public var initialAuthorization: AuthorizationStatus { .notDetermined }

    /// Connects once and waits for gpsd's greeting: `.granted` when it comes, else
    /// `.unavailable` with why.
    public func checkAccess() async -> AccessAnswer {
        switch await Sockets.connect(to: address, timeout: .seconds(5)) {
        case .failure(let error):
            return .unavailable(error)
        case .success(let fd):
            defer { _ = Syscalls.close(fd) }
            switch await EventLoop.shared.waitUntilReadable(fd, until: .now + greetingTimeout) {
            case .ready:
                var byte: UInt8 = 0
                let greeted = withUnsafeMutableBytes(of: &byte) { buffer in
                    Syscalls.retryingOnInterrupt { Syscalls.read(fd, buffer) }
                }
                if case .success(1) = greeted { return .granted }
                return .unavailable(GPSDError.disconnected(address))
            case .timedOut:
                return .unavailable(silence)
            case .cancelled:
                return .unavailable(GPSDError.disconnected(address))
            case .failed(let errno):
                return .unavailable(GPSDError.system(operation: "poll", errno: errno.rawValue))
            }
        }
    }

    private var silence: GPSDError {
        .silent(address, after: greetingTimeout)
    }

    /// Waits for gpsd's socket on the event loop.
    public var waitsOnEventLoop: Bool { true }

    /// Reading until cancelled.
    public func events() -> ReceiverEvents {
        let source = self
        return ReceiverEvents { ReopeningReader(source) }
    }

    /// Connects and asks for NMEA; `nil` when it could not.
    package func open(_ events: inout EventOutbox, isolation actor: isolated (any Actor)?) async -> GPSDConnection? {
        let connected = await Sockets.connect(to: address, timeout: .seconds(5))
        // Stopped while connecting: no failure to tell, and nothing to keep.
        guard !Task.isCancelled else {
            if case .success(let fd) = connected { _ = Syscalls.close(fd) }
            return nil
        }
        switch connected {
        case .failure(let error):
            events.fail(error)
            return nil
        case .success(let fd):
            let connection = GPSDConnection(fd: fd, greetingDeadline: .now + greetingTimeout)
            guard NMEAWatch.request(on: fd, device: device) else {
                events.fail(GPSDError.disconnected(address))
                return nil
            }
            return connection
        }
    }

    /// Waits for and reads one chunk into events.
    package func read(
        _ connection: GPSDConnection, _ events: inout EventOutbox, isolation actor: isolated (any Actor)?
    ) async -> LinkReading {
        switch await EventLoop.shared.waitUntilReadable(connection.fd, until: connection.deadline) {
        case .cancelled:
            return .stop
        case .failed(let errno):
            events.fail(GPSDError.system(operation: "poll", errno: errno.rawValue))
            return .reopen
        case .timedOut where !connection.isGreeted:
            events.fail(silence)
            return .reopen
        case .timedOut:
            connection.deadline = nil
            connection.stream.endEpoch { events.say(.epoch($0)) }
            events.say(.quiet)
            return .goOn
        case .ready:
            return receive(connection, &events)
        }
    }

    private func receive(_ connection: GPSDConnection, _ events: inout EventOutbox) -> LinkReading {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let result = buffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.read(connection.fd, bytes) } }
        switch result {
        case .success(let count) where count > 0:
            if !connection.isGreeted {
                connection.isGreeted = true
                events.endOutage()
                events.say(.opened(path: name, baudRate: nil))
            }
            buffer.removeSubrange(count...)
            buffer.withUnsafeBytes { bytes in
                connection.errors.scan(bytes) { events.say(.failed(GPSDError.answered(address, message: $0))) }
            }
            // gpsd's own JSON lines are no receiver's bytes: the relayed NMEA alone is framed.
            let relayed = connection.relayed.bytes(of: buffer)
            if !relayed.isEmpty { connection.stream.say(relayed) { events.say($0) } }
            // Only an epoch still held needs the quiet line to end it.
            connection.deadline = connection.stream.holdsEpoch ? .now + DeviceConnection.quietInterval : nil
            return .goOn
        case .failure(.EAGAIN):
            return .goOn
        default:
            // The epoch in progress when gpsd went away is said, as at the end of a capture.
            connection.stream.finish { events.say(.epoch($0)) }
            if connection.isGreeted { events.endOutage() }
            events.fail(GPSDError.disconnected(address))
            return .reopen
        }
    }
}

/// A connection to gpsd being read: closed when the reader lets it go.
package final class GPSDConnection {
    let fd: CInt
    let stream = EpochStream()
    var errors = GPSDErrorScanner()
    var relayed = RelayedNMEA()
    var isGreeted = false
    /// When the greeting is due, then when the line counts as quiet; `nil` after a `.quiet`.
    var deadline: ContinuousClock.Instant?

    init(fd: CInt, greetingDeadline: ContinuousClock.Instant) {
        self.fd = fd
        deadline = greetingDeadline
    }

    deinit {
        _ = Syscalls.close(fd)
    }
}
