import FoundationEssentials
import Glibc
import Locking
import POSIXSupport

/// A server of gpsd's protocol (gpsd_json(5), protocol 3.14) for any number of receivers:
/// gpsd's own clients (`gpspipe`, `cgps`, Python's `gps` module, chrony, OpenCPN...) read it
/// as they read gpsd.
///
/// Each client gets `VERSION` on connect and may send `?WATCH={...};`, `?POLL;`,
/// `?DEVICES;`, `?DEVICE;` and `?VERSION;`; a bad or unknown request gets an `ERROR` object
/// and nothing else changes. Reports given to `publish(_:)` go to every client watching with
/// `"json":true`, sentences given to `publishSentence(_:from:)` to every client watching with
/// `"nmea":true` or `"raw":1`, each only to the clients watching its device (all of them, or
/// the one `?WATCH={"device":...}` named). The devices are added, activated, deactivated and
/// removed while it serves (`GPSDServer+Devices.swift`); watching clients get gpsd's `DEVICE`
/// notice at each activation and deactivation.
///
/// A client that does not keep up costs at most `queueLimit` bytes here and about as much in
/// the kernel (its send buffer is capped to match): when a line no longer fits in its queue it
/// is disconnected (and `log` says so), and the others never wait for it.
/// A task on the `EventLoop` serves every client until `stop()`; `publish` queues bytes (and
/// sends what the sockets take at once), from any thread.
///
/// ```swift
/// let server = try GPSDServer(devices: [GPSDDevice(path: "/dev/ttyACM0")])
/// server.activate("/dev/ttyACM0", bitsPerSecond: 9600)
/// server.publish(TPV(location, device: "/dev/ttyACM0"))
/// await server.stop()
/// ```
public final class GPSDServer: Sendable {
    /// Where the server listens, with the port the system chose when asked for port 0.
    public let address: GPSDAddress
    /// Every address it listens on: `address`, then those of `alsoListenOn` that could be bound.
    public let addresses: [GPSDAddress]
    /// The most bytes queued for one client before it is dropped.
    public let queueLimit: Int

    let listeners: [CInt]
    let service: LoopService
    let state = LockedState(State())
    let log: @Sendable (String) -> Void

    struct State {
        var clients: [CInt: ClientConnection] = [:]
        var connections = 0
        var devices = DeviceTable()
        var clientLines = LogThrottle()
        var isShutDown = false
    }

    /// Listens on `address` and starts serving.
    ///
    /// - Parameters:
    ///   - address: Where to listen; loopback and gpsd's port 2947 by default. Port 0 lets the
    ///     system choose (see `address` for the one it chose).
    ///   - alsoListenOn: More addresses, on `address`'s port when theirs is 0, each bound where
    ///     the system has it: one it does not (`::1` where IPv6 is off: `EADDRNOTAVAIL`,
    ///     `EAFNOSUPPORT`) is left out and `log` says so; any other failure throws.
    ///   - devices: The receivers served from the start, as `DEVICES` describes them; more
    ///     come with `add(_:)` and `activate(_:bitsPerSecond:)`.
    ///   - queueLimit: The bytes a client may fall behind by before it is dropped; 64 KiB by
    ///     default, some 40 epochs of TPV and SKY beyond what the kernel buffers.
    ///   - log: Receives a line for each connection, disconnection and drop, ten a minute at
    ///     most (`LogThrottle`: past that they are counted), and one per listener left out.
    /// - Throws: `GPSDError.cannotListen` (the port is taken: `EADDRINUSE`),
    ///   `.unknownHost`, `.system`.
    public init(
        address: GPSDAddress = .loopback, alsoListenOn: [GPSDAddress] = [], devices: [GPSDDevice],
        queueLimit: Int = 65_536, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(GPSDError) {
        let service = try LoopService()
        var listeners: [CInt] = []
        var addresses: [GPSDAddress] = []
        for (index, requested) in ([address] + alsoListenOn).enumerated() {
            var wanted = requested
            if index > 0, wanted.port == 0 { wanted.port = addresses[0].port }
            switch Sockets.listen(on: wanted) {
            case .success(let (fd, bound)):
                listeners.append(fd)
                addresses.append(bound)
            case .failure(.cannotListen(_, let errno)) where index > 0 && [EADDRNOTAVAIL, EAFNOSUPPORT].contains(errno),
                 .failure(.system("socket", let errno)) where index > 0 && errno == EAFNOSUPPORT:
                log("gpsd server: not listening on \(wanted): \(Errno(errno).description)")
            case .failure(.unknownHost) where index > 0:
                log("gpsd server: not listening on \(wanted): the system has no such address")
            case .failure(let error):
                for fd in listeners { _ = Syscalls.close(fd) }
                throw error
            }
        }
        self.listeners = listeners
        self.addresses = addresses
        self.address = addresses[0]
        self.service = service
        for device in devices { state.withLock { _ = $0.devices.add(device) } }
        self.queueLimit = queueLimit
        self.log = log
        service.start { [self] in await serve() }
    }

    /// A server for one receiver: `init(address:alsoListenOn:devices:queueLimit:log:)` with `[device]`.
    public convenience init(
        address: GPSDAddress = .loopback, device: GPSDDevice, queueLimit: Int = 65_536,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(GPSDError) {
        try self.init(address: address, devices: [device], queueLimit: queueLimit, log: log)
    }

    /// How many clients are connected.
    public var clientCount: Int {
        state.withLock { $0.clients.count }
    }

    /// Sends `report` to every client watching JSON, and keeps it for `?POLL;`.
    public func publish(_ report: TPV) {
        var writer = GPSDJSONWriter(capacity: 512)
        writer.write(report)
        broadcast(writer.bytes, to: \.streamsReports, from: report.device) { $0.devices.keep(report) }
    }

    /// Sends `report` to every client watching JSON, and keeps it for `?POLL;`.
    public func publish(_ report: SKY) {
        var writer = GPSDJSONWriter(capacity: 2048)
        writer.write(report)
        broadcast(writer.bytes, to: \.streamsReports, from: report.device) { $0.devices.keep(report) }
    }

    /// Sends one of a receiver's sentences, as it came (ending in CR LF), to every client
    /// watching NMEA or raw that watches `device` (`nil`: a sentence of no one device, for the
    /// clients that watch every device).
    public func publishSentence(_ line: some Collection<UInt8>, from device: String? = nil) {
        broadcast(line, to: \.passesSentencesThrough, from: device) { _ in }
    }

    /// Sends one of a receiver's sentences given without its line end (`$` through the
    /// checksum, as a `.frames` event has it), with CR LF added, to the clients
    /// `publishSentence(_:from:)` sends to. Copies the bytes into each client's queue only.
    public func publishSentence(withoutLineEnd sentence: some Collection<UInt8>, from device: String? = nil) {
        broadcast(sentence, addingLineEnd: true, to: \.passesSentencesThrough, from: device) { _ in }
    }

    /// Disconnects every client and stops listening; returns once both are done (the port may be
    /// bound again), the caller suspended meanwhile, never a thread blocked. Calling it again
    /// waits the same and does nothing more.
    public func stop() async {
        await service.stop()
    }

    /// Disconnects every client and stops listening, without waiting: it may not be done when this returns. For a caller that cannot
    /// await, such as a `deinit`.
    @available(*, deprecated, message: "await stop(), which returns once it is done")
    public func stop() {
        service.beginStopping()
    }

    // MARK: Publishing

    /// Queues `bytes` for every client whose policy `wants` them and that watches `device`.
    func broadcast(
        _ bytes: some Collection<UInt8>, addingLineEnd: Bool = false, to wants: KeyPath<WatchPolicy, Bool>,
        from device: String?, remember: (inout State) -> Void = { _ in }
    ) {
        let needsTurn = state.withLock { state in
            remember(&state)
            guard !service.isStopping else { return false }
            var needsTurn = false
            for fd in state.clients.keys {
                let policy = state.clients[fd]!.policy
                guard policy[keyPath: wants], policy.watches(device) else { continue }
                if addingLineEnd { state.clients[fd]!.send(line: bytes) } else { state.clients[fd]!.send(bytes) }
                if Self.flush(&state.clients[fd]!) != .sent { needsTurn = true }
            }
            return needsTurn
        }
        if needsTurn { service.wake.fire() }
    }

    /// What a flush left.
    enum FlushOutcome {
        /// Everything queued was sent.
        case sent
        /// Bytes are left for the serving thread, or the client is overrun.
        case pending
        /// The socket failed: the client has gone.
        case failed
    }

    /// Sends what the socket takes now, without waiting.
    static func flush(_ client: inout ClientConnection) -> FlushOutcome {
        guard !client.isOverrun else { return .pending }
        let fd = client.fd
        let sent = client.output.drain { bytes in
            switch Syscalls.retryingOnInterrupt({ Syscalls.send(fd, bytes) }) {
            case .success(let count): count
            case .failure(.EAGAIN): 0
            case .failure: nil
            }
        }
        guard sent else { return .failed }
        return client.output.isEmpty ? .sent : .pending
    }
}
