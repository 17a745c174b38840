import Dispatch
import FoundationEssentials
import Glibc
import Locking
import POSIXSupport

/// A server of gpsd's protocol (gpsd_json(5), protocol 3.14) for one receiver: gpsd's own
/// clients (`gpspipe`, `cgps`, Python's `gps` module, chrony, OpenCPN...) read it as they
/// read gpsd.
///
/// Each client gets `VERSION` on connect and may send `?WATCH={...};`, `?POLL;`,
/// `?DEVICES;`, `?DEVICE;` and `?VERSION;`; a bad or unknown request gets an `ERROR` object
/// and nothing else changes. Reports given to `publish(_:)` go to every client watching with
/// `"json":true`, sentences given to `publishSentence(_:)` to every client watching with
/// `"nmea":true` or `"raw":1`.
///
/// A client that does not keep up costs at most `queueLimit` bytes here and about as much in
/// the kernel (its send buffer is capped to match): when a line no longer fits in its queue it
/// is disconnected (and `log` says so), and the others never wait for it.
/// A task on the `EventLoop` serves every client until `stop()`; `publish` queues bytes (and
/// sends what the sockets take at once), from any thread.
///
/// ```swift
/// let server = try GPSDServer(device: GPSDDevice(path: "/dev/ttyACM0"))
/// server.publish(TPV(location, device: "/dev/ttyACM0"))
/// server.stop()
/// ```
public final class GPSDServer: Sendable {
    /// Where the server listens, with the port the system chose when asked for port 0.
    public let address: GPSDAddress
    /// The receiver the server speaks for.
    public let device: GPSDDevice
    /// The most bytes queued for one client before it is dropped.
    public let queueLimit: Int

    let listener: CInt
    let wake: WakePipe
    let state = LockedState(State())
    private let finished = DispatchSemaphore(value: 0)
    let log: @Sendable (String) -> Void

    struct State {
        var clients: [CInt: ClientConnection] = [:]
        var connections = 0
        var lastTPV: TPV?
        var lastSKY: SKY?
        var isStopping = false
        var isShutDown = false
    }

    /// Listens on `address` and starts serving.
    ///
    /// - Parameters:
    ///   - address: Where to listen; loopback and gpsd's port 2947 by default. Port 0 lets the
    ///     system choose (see `address` for the one it chose).
    ///   - device: The receiver, as `DEVICES` describes it.
    ///   - queueLimit: The bytes a client may fall behind by before it is dropped; 64 KiB by
    ///     default, some 40 epochs of TPV and SKY beyond what the kernel buffers.
    ///   - log: Receives a line for each connection, disconnection and drop.
    /// - Throws: `GPSDError.cannotListen` (the port is taken: `EADDRINUSE`),
    ///   `.unknownHost`, `.system`.
    public init(
        address: GPSDAddress = .loopback, device: GPSDDevice, queueLimit: Int = 65_536,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(GPSDError) {
        let wake: WakePipe
        switch WakePipe.make() {
        case .success(let pipe): wake = pipe
        case .failure(let errno): throw .system(operation: "pipe", errno: errno.rawValue)
        }
        switch Sockets.listen(on: address) {
        case .success(let (fd, bound)):
            listener = fd
            self.address = bound
        case .failure(let error):
            wake.close()
            throw error
        }
        self.wake = wake
        self.device = device
        self.queueLimit = queueLimit
        self.log = log
        Task(executorPreference: EventLoop.shared) { [self] in
            await serve()
            finished.signal()
        }
    }

    /// How many clients are connected.
    public var clientCount: Int {
        state.withLock { $0.clients.count }
    }

    /// Sends `report` to every client watching JSON, and keeps it for `?POLL;`.
    public func publish(_ report: TPV) {
        var writer = GPSDJSONWriter(capacity: 512)
        writer.write(report)
        broadcast(writer.bytes, to: \.streamsReports) { $0.lastTPV = report }
    }

    /// Sends `report` to every client watching JSON, and keeps it for `?POLL;`.
    public func publish(_ report: SKY) {
        var writer = GPSDJSONWriter(capacity: 2048)
        writer.write(report)
        broadcast(writer.bytes, to: \.streamsReports) { $0.lastSKY = report }
    }

    /// Sends one of the receiver's sentences, as it came (ending in CR LF), to every client
    /// watching NMEA or raw.
    public func publishSentence(_ line: some Collection<UInt8>) {
        broadcast(line, to: \.passesSentencesThrough) { _ in }
    }

    /// Disconnects every client and stops listening; returns once both are done (the port may be
    /// bound again). Calling it again does nothing.
    public func stop() {
        let first = state.withLock { state in
            defer { state.isStopping = true }
            return !state.isStopping
        }
        guard first else { return }
        wake.fire()
        // On the loop's own thread the serving task cannot run while this waits: the clients
        // and the listener are closed here, and the task ends without touching them.
        if EventLoop.shared.isCurrentThread {
            shutDown()
        } else {
            finished.wait()
        }
    }

    deinit {
        stop()
        wake.close()
    }

    // MARK: Publishing

    private func broadcast(
        _ bytes: some Collection<UInt8>, to wants: KeyPath<WatchPolicy, Bool>, remember: (inout State) -> Void
    ) {
        let needsTurn = state.withLock { state in
            remember(&state)
            guard !state.isStopping else { return false }
            var needsTurn = false
            for fd in state.clients.keys {
                let policy = state.clients[fd]!.policy
                guard policy[keyPath: wants], policy.watches(device.path) else { continue }
                state.clients[fd]!.send(bytes)
                if Self.flush(&state.clients[fd]!) != .sent { needsTurn = true }
            }
            return needsTurn
        }
        if needsTurn { wake.fire() }
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
