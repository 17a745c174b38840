import Locking
import POSIXSupport
import SerialPort
import UBX

/// A u-blox receiver on a device, opened to be identified, read and configured: the library
/// behind `gps info` and `gps config`.
///
/// It reads the device through a `DeviceConnection` whose frames feed a ``UBXExchange`` and
/// writes through its `ReceiverLink`, so every command waits for its ACK-ACK among whatever the
/// receiver keeps sending, and nothing is written but what a caller asks.
///
/// ```swift
/// let receiver = ReceiverConfiguration(path: "/dev/ttyACM0")
/// try await receiver.open()
/// let settings = try await receiver.readSettings()
/// let steps = try ReceiverConfiguration.steps(for: ReceiverChanges(measurementPeriodMilliseconds: 100), from: settings)
/// let outcome = await receiver.apply(steps)   // outcome.isComplete: every step acknowledged
/// await receiver.close()
/// ```
public final class ReceiverConfiguration: Sendable {
    /// The device.
    public let path: FilePath
    /// The longest wait for each answer.
    public let timeout: Duration
    /// The longest wait for the device to open.
    public let openTimeout: Duration
    private let session = LockedState<Session?>(nil)

    /// The device being read: the task that reads it and the exchange its frames feed.
    private struct Session {
        var task: Task<Void, Never>
        var exchange: UBXExchange
        var baudRate: Int?
    }

    /// A receiver at `path`; nothing is opened until ``open(baudRate:)``.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait for each answer (1 s by default: a receiver answers
    ///     within its next epoch).
    ///   - openTimeout: The longest wait for the device to open, speed hunting included (10 s).
    public init(path: FilePath, timeout: Duration = .seconds(1), openTimeout: Duration = .seconds(10)) {
        self.path = path
        self.timeout = timeout
        self.openTimeout = openTimeout
    }

    /// A receiver at `path`, given as text.
    public convenience init(path: String, timeout: Duration = .seconds(1), openTimeout: Duration = .seconds(10)) {
        self.init(path: FilePath(path), timeout: timeout, openTimeout: openTimeout)
    }

    /// The speed the device is open at, bit/s: the one given to ``open(baudRate:)``, or found by
    /// hunting; `nil` while closed or where the speed means nothing.
    public var baudRate: Int? { session.withLock { $0?.baudRate } }

    /// Opens the device at `baudRate` bit/s (`nil`: detected on a USB-serial bridge, 9600 on a
    /// pseudo-terminal) and starts reading it.
    ///
    /// - Throws: `.accessRefused` for `EACCES` or `EPERM`; `.unreachable` with the reason
    ///   (missing, busy, no NMEA at any speed) when it did not open within `openTimeout`.
    public func open(baudRate: Int? = nil) async throws(ReceiverConfigurationError) {
        await close()
        let link = ReceiverLink()
        let exchange = UBXExchange(link: link)
        let connection = DeviceConnection(
            .path(path), baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:)), recheckInterval: .seconds(60), link: link)
        let opening = OpeningSignal()
        let task = Task {
            for await event in connection.events() {
                exchange.hear(event)
                switch event {
                case .opened(_, let speed): opening.finish(.success(speed ?? baudRate))
                case .access(let status) where status == .denied || status == .restricted:
                    opening.finish(.failure(.accessRefused(path: connection.name, isRestricted: status == .restricted)))
                case .failed(let error): opening.finish(.failure(.unreachable("\(error)")))
                default: break
                }
            }
            opening.finish(.failure(.unreachable("\(connection.name) could not be read")))
        }
        let timer = Task {
            try? await Task.sleep(for: openTimeout)
            opening.finish(.failure(.unreachable("\(connection.name) did not open within \(ReceiverConfigurationError.text(openTimeout))")))
        }
        defer { timer.cancel() }
        switch await opening.result() {
        case .success(let speed):
            session.withLock { $0 = Session(task: task, exchange: exchange, baudRate: speed) }
        case .failure(let error):
            task.cancel()
            await task.value
            throw error
        }
    }

    /// Stops reading and closes the device; waits until it is closed, so it can be opened again.
    public func close() async {
        guard let task = session.withLock({ state -> Task<Void, Never>? in
            defer { state = nil }
            return state?.task
        }) else { return }
        task.cancel()
        await task.value
    }

    /// The exchange of the open device.
    ///
    /// - Throws: `.unreachable` when the device is not open.
    func exchange() throws(ReceiverConfigurationError) -> UBXExchange {
        guard let exchange = session.withLock({ $0?.exchange }) else { throw .unreachable("\(path) is not open") }
        return exchange
    }

    /// Writes `command` and waits for its ACK-ACK (``UBXExchange/command(_:timeout:)``).
    ///
    /// - Throws: `.refused`, `.silent`, `.unplugged`, `.unreachable`.
    public func command(_ command: [UInt8]) async throws(ReceiverConfigurationError) {
        try await exchange().command(command, timeout: timeout)
    }

    /// Polls the receiver with `request` and decodes its `answer` message.
    ///
    /// - Throws: `.refused`, `.silent`, `.unplugged`, `.unreachable`, `.undecodable`.
    public func poll<Answer>(
        _ request: [UInt8], answer: UBXMessageID, decode: (UBXMessage) throws(UBXError) -> Answer
    ) async throws(ReceiverConfigurationError) -> Answer {
        try await exchange().poll(request, answer: answer, timeout: timeout, decode: decode)
    }

    /// The receiver's MON-VER: what it is, and how it is configured.
    ///
    /// The poll is sent up to ``identificationAttempts`` times, each waiting ``timeout``: the
    /// first may be lost to a receiver still settling after the port was opened or its speed
    /// changed, or answered late behind a full second of NMEA.
    ///
    /// - Throws: `.silent`, with the whole wait, when no poll is answered: not a u-blox
    ///   receiver, or a wrong speed.
    public func identify() async throws(ReceiverConfigurationError) -> MONVER {
        var attempt = 1
        while true {
            do throws(ReceiverConfigurationError) {
                return try await poll(MONVER.poll, answer: .monVER) { message throws(UBXError) in try MONVER(message) }
            } catch .silent where attempt < Self.identificationAttempts {
                attempt += 1
            } catch .silent(let message, let timeout) {
                throw .silent(message, timeout: timeout * attempt)
            }
        }
    }

    /// How many MON-VER polls ``identify()`` sends before it calls the receiver silent.
    public static let identificationAttempts = 3
}

/// The first outcome of opening: said once, awaited once.
private final class OpeningSignal: Sendable {
    private let state = LockedState<(result: Result<Int?, ReceiverConfigurationError>?, waiter: CheckedContinuation<Result<Int?, ReceiverConfigurationError>, Never>?)>((nil, nil))

    func finish(_ result: Result<Int?, ReceiverConfigurationError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Int?, ReceiverConfigurationError>, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: result)
    }

    func result() async -> Result<Int?, ReceiverConfigurationError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<Int?, ReceiverConfigurationError>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
