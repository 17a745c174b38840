import Foundation
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
/// gpsd relays each burst as it comes, so a silence of `DeviceConnection.quietInterval` after
/// bytes ends the epoch (`.quiet`). Every wait is on the `EventLoop`, and ends when the
/// iterating task is cancelled.
public struct GPSDSource: ReceiverSource {
    /// Where gpsd listens.
    public let address: GPSDAddress
    /// The receiver to watch, for a gpsd that serves several; `nil` for all of them.
    public let device: String?
    /// The wait between connection attempts.
    public let recheckInterval: Duration
    /// How long a connected server may stay silent before it is taken for hung.
    public let greetingTimeout: Duration

    /// A source; nothing connects until its events are iterated or access is checked.
    ///
    /// - Parameters:
    ///   - address: gpsd's address; `127.0.0.1:2947` by default.
    ///   - device: The device path to watch, for a gpsd with several receivers.
    ///   - recheckInterval: The wait between connection attempts; 2 seconds by default.
    ///   - greetingTimeout: The longest wait for gpsd's greeting; 5 seconds by default.
    public init(
        address: GPSDAddress = .loopback, device: String? = nil, recheckInterval: Duration = .seconds(2),
        greetingTimeout: Duration = .seconds(5)
    ) {
        self.address = address
        self.device = device
        self.recheckInterval = recheckInterval
        self.greetingTimeout = greetingTimeout
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
        return ReceiverEvents { Reader(source) }
    }

    private struct Reader: ReceiverEventReader {
        private let source: GPSDSource
        private var pending = EventQueue()
        private var connection: Connection?
        private var isFirstAttempt = true
        private var lastFailure: GPSDError?

        init(_ source: GPSDSource) {
            self.source = source
        }

        mutating func next(isolation actor: isolated (any Actor)?) async -> ReceiverEvent? {
            while true {
                if let event = pending.take() { return event }
                guard !Task.isCancelled else { return end() }
                if let connection {
                    guard await read(connection, isolation: actor) else { return end() }
                    continue
                }
                if !isFirstAttempt {
                    do { try await Task.sleep(for: source.recheckInterval) } catch { return end() }
                }
                isFirstAttempt = false
                await connect(isolation: actor)
            }
        }

        private mutating func end() -> ReceiverEvent? {
            connection = nil
            return nil
        }

        private mutating func fail(_ error: GPSDError) {
            connection = nil
            guard error != lastFailure else { return }
            lastFailure = error
            pending.append(.failed(error))
        }

        private mutating func connect(isolation actor: isolated (any Actor)?) async {
            let connected = await Sockets.connect(to: source.address, timeout: .seconds(5))
            // Stopped while connecting: no failure to tell, and nothing to keep.
            guard !Task.isCancelled else {
                if case .success(let fd) = connected { _ = Syscalls.close(fd) }
                return
            }
            switch connected {
            case .failure(let error):
                fail(error)
            case .success(let fd):
                let connection = Connection(fd: fd, greetingDeadline: .now + source.greetingTimeout)
                guard NMEAWatch.request(on: fd, device: source.device) else { return fail(.disconnected(source.address)) }
                self.connection = connection
            }
        }

        /// Waits for and reads one chunk into events; false when the task was cancelled.
        private mutating func read(_ connection: Connection, isolation actor: isolated (any Actor)?) async -> Bool {
            switch await EventLoop.shared.waitUntilReadable(connection.fd, until: connection.deadline) {
            case .cancelled:
                return false
            case .failed(let errno):
                fail(.system(operation: "poll", errno: errno.rawValue))
            case .timedOut where !connection.isGreeted:
                fail(source.silence)
            case .timedOut:
                connection.deadline = nil
                connection.stream.endEpoch { pending.append(.epoch($0)) }
                pending.append(.quiet)
            case .ready:
                receive(connection)
            }
            return true
        }

        private mutating func receive(_ connection: Connection) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let result = buffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.read(connection.fd, bytes) } }
            switch result {
            case .success(let count) where count > 0:
                if !connection.isGreeted {
                    connection.isGreeted = true
                    lastFailure = nil
                    pending.append(.opened(path: source.name, baudRate: nil))
                }
                buffer.removeSubrange(count...)
                buffer.withUnsafeBytes { bytes in
                    connection.errors.scan(bytes) { pending.append(.failed(GPSDError.answered(source.address, message: $0))) }
                }
                pending.append(.bytes(buffer))
                connection.stream.append(buffer) { pending.append(.epoch($0)) }
                // Only an epoch still held needs the quiet line to end it.
                connection.deadline = connection.stream.holdsEpoch ? .now + DeviceConnection.quietInterval : nil
            case .failure(.EAGAIN):
                return
            default:
                // The epoch in progress when gpsd went away is said, as at the end of a capture.
                connection.stream.finish { pending.append(.epoch($0)) }
                let wasGreeted = connection.isGreeted
                self.connection = nil
                if wasGreeted { lastFailure = nil }
                fail(.disconnected(source.address))
            }
        }
    }
}

/// A connection to gpsd being read: closed when the reader lets it go.
private final class Connection {
    let fd: CInt
    let stream = EpochStream()
    var errors = GPSDErrorScanner()
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
