import Foundation
import Glibc
import Synchronization

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
/// One thread serves every client with `poll`; `publish` only queues bytes, from any thread.
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

    private let listener: CInt
    private let wake: WakePipe
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)
    private let log: @Sendable (String) -> Void

    private struct State {
        var clients: [CInt: ClientConnection] = [:]
        var connections = 0
        var lastTPV: TPV?
        var lastSKY: SKY?
        var isStopping = false
        var isStopped = false
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
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.name = "GPSDServer \(self.address)"
        thread.start()
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

    /// Disconnects every client, stops listening and waits for the serving thread to end.
    /// Calling it again does nothing.
    public func stop() {
        let first = state.withLock { state in
            defer { state.isStopping = true }
            return !state.isStopping
        }
        guard first else { return }
        wake.fire()
        finished.wait()
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
            for fd in state.clients.keys where state.clients[fd]![keyPath: \.policy][keyPath: wants] {
                state.clients[fd]!.send(bytes)
                if Self.flush(&state.clients[fd]!) != .sent { needsTurn = true }
            }
            return needsTurn
        }
        if needsTurn { wake.fire() }
    }

    /// What a flush left.
    private enum FlushOutcome {
        /// Everything queued was sent.
        case sent
        /// Bytes are left for the serving thread, or the client is overrun.
        case pending
        /// The socket failed: the client has gone.
        case failed
    }

    /// Sends what the socket takes now, without waiting.
    private static func flush(_ client: inout ClientConnection) -> FlushOutcome {
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

    // MARK: Serving

    /// The serving loop: accepts, reads requests, sends what is queued, drops the overrun.
    private func serve() {
        var input = [UInt8](repeating: 0, count: 4096)
        while true {
            var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            let stopping = state.withLock { state in
                for (fd, client) in state.clients {
                    let events = POLLIN | (client.output.isEmpty ? 0 : POLLOUT)
                    fds.append(pollfd(fd: fd, events: Int16(events), revents: 0))
                }
                return state.isStopping
            }
            if stopping { break }
            if case .failure(let errno) = Syscalls.retryingOnInterrupt({ Syscalls.poll(&fds, timeout: -1) }) {
                log("gpsd server: poll failed: \(errno.description); stopping")
                break
            }
            if fds[0].revents != 0 { wake.drain() }
            if fds[1].revents != 0 { acceptClients() }
            for entry in fds.dropFirst(2) where entry.revents != 0 {
                serviceClient(entry.fd, events: entry.revents, input: &input)
            }
            dropFailedClients()
        }
        shutDown()
    }

    private func acceptClients() {
        while case .success(let fd) = Syscalls.accept(listener) {
            // Without a cap the kernel would buffer megabytes for a client that stops reading.
            _ = Syscalls.limitSendBuffer(fd, bytes: queueLimit)
            var greeting = GPSDJSONWriter(capacity: 128)
            greeting.writeVersion()
            let number = state.withLock { state in
                state.connections += 1
                var client = ClientConnection(number: state.connections, fd: fd, queueLimit: queueLimit)
                client.send(greeting.bytes)
                _ = Self.flush(&client)
                state.clients[fd] = client
                return state.connections
            }
            log("gpsd server: client \(number) connected")
        }
    }

    private func serviceClient(_ fd: CInt, events: Int16, input: inout [UInt8]) {
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let result = input.withUnsafeMutableBytes { buffer in
                Syscalls.retryingOnInterrupt { Syscalls.read(fd, buffer) }
            }
            switch result {
            case .success(0), .failure:
                disconnect(fd, reason: "disconnected")
                return
            case .success(let count):
                handleRequests(fd, input[..<count])
            }
        }
        let outcome = state.withLock { state in
            state.clients[fd] == nil ? .sent : Self.flush(&state.clients[fd]!)
        }
        if outcome == .failed { disconnect(fd, reason: "disconnected") }
    }

    private func handleRequests(_ fd: CInt, _ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            guard var client = state.clients[fd] else { return }
            var writer = GPSDJSONWriter(capacity: 512)
            client.requests.append(bytes) { request in
                answer(request, policy: &client.policy, state: state, into: &writer)
            }
            client.send(writer.bytes)
            state.clients[fd] = client
        }
    }

    /// Writes the answer to one request, as gpsd answers it.
    private func answer(
        _ request: Result<GPSDRequest, GPSDRequestError>, policy: inout WatchPolicy, state: State,
        into writer: inout GPSDJSONWriter
    ) {
        switch request {
        case .failure(let error):
            writer.writeError(error.description)
        case .success(.watch(let change)):
            policy = change.applied(to: policy)
            if change.enable == true { writer.writeDevices([device]) }
            writer.write(policy)
        case .success(.poll):
            writer.writePoll(
                time: Date(), active: state.lastTPV == nil ? 0 : 1,
                tpv: state.lastTPV.map { [$0] } ?? [], sky: state.lastSKY.map { [$0] } ?? [])
        case .success(.devices):
            writer.writeDevices([device])
        case .success(.device):
            writer.write(device)
        case .success(.version):
            writer.writeVersion()
        }
    }

    private func dropFailedClients() {
        let overrun = state.withLock { state in state.clients.values.filter(\.isOverrun).map(\.fd) }
        for fd in overrun {
            disconnect(fd, reason: "dropped: it fell more than \(queueLimit) bytes behind")
        }
    }

    private func disconnect(_ fd: CInt, reason: String) {
        guard let client = state.withLock({ $0.clients.removeValue(forKey: fd) }) else { return }
        _ = Syscalls.close(fd)
        log("gpsd server: client \(client.number) \(reason)")
    }

    private func shutDown() {
        let fds = state.withLock { state in
            defer { state.clients.removeAll() }
            return Array(state.clients.keys)
        }
        for fd in fds { _ = Syscalls.close(fd) }
        _ = Syscalls.close(listener)
    }
}
