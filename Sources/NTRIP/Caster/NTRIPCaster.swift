import Glibc
import LocationTracking
import Locking
import POSIXSupport

/// The base station's end: serves a receiver's own RTCM 3 frames to NTRIP clients (1.0 and 2.0)
/// on one mountpoint, with a source table and optional Basic credentials.
///
/// - Each frame goes to every client whole, or not at all: a client whose queue (`clientQueueLimit`
///   bytes) cannot take the next frame is dropped rather than allowed to slow the others, as
///   `gps serve` drops gpsd's slow clients.
/// - `GET /` gets the source table; an NTRIP 1.0 client asking for another mountpoint gets it
///   too (as 1.0 casters answer), a 2.0 client a `404`. Without the right credentials: `401`.
/// - Clients join at the next frame: nothing older than their connection is sent.
/// - The source table gives the base's position (`position`): its antenna from the receiver's
///   last 1005 or 1006, else the receiver's last valid fix (`receiverFix(_:)`), else 0, 0.
///
/// ```swift
/// let caster = try NTRIPCaster(host: "0.0.0.0", port: 2101, configuration: .init(mountpoint: "BASE"))
/// let serving = Task { await caster.run() }
/// // the receiver's pipeline: NTRIPCasterSink(caster)
/// ```
public final class NTRIPCaster: Sendable {
    /// What the caster serves and to whom.
    public struct Configuration: Sendable {
        /// The one mountpoint.
        public var mountpoint: String
        /// The user name clients must give; `nil`: anyone.
        public var username: String?
        /// The password clients must give with `username`.
        public var password: String?
        /// The most bytes waiting for one client before it is dropped as too slow: 64 KiB.
        public var clientQueueLimit: Int

        /// A configuration.
        public init(mountpoint: String, username: String? = nil, password: String? = nil, clientQueueLimit: Int = 65_536) {
            self.mountpoint = mountpoint
            self.username = username
            self.password = password
            self.clientQueueLimit = clientQueueLimit
        }
    }

    /// What the caster has done, for a status line or a test.
    public struct Statistics: Hashable, Sendable {
        /// Clients being served the stream now.
        public var streamingClients = 0
        /// Clients dropped because they took frames slower than they came.
        public var droppedSlowClients = 0
        /// Requests refused: wrong or missing credentials.
        public var refusedClients = 0
        /// Frames broadcast.
        public var frames = 0
    }

    /// The configuration it serves.
    public let configuration: Configuration
    /// The port it listens on (the system's choice when 0 was asked for).
    public let port: UInt16
    private let listener: CInt
    private let wake: WakePipe
    private let state = LockedState(State())
    private let events: @Sendable (NTRIPCasterEvent) -> Void

    private struct State {
        var clients: [CInt: CasterClient] = [:]
        var statistics = Statistics()
        var messageTypes: Set<Int> = []
        /// The antenna reference point of the last 1005 or 1006 broadcast.
        var base: RTCM3StationPosition?
        /// The receiver's last valid fix.
        var lastFix: Coordinate?
        /// Events to tell once the lock is released.
        var pending: [NTRIPCasterEvent] = []

        /// The position the source table gives.
        var position: Coordinate? { base?.coordinate ?? lastFix }
    }

    /// Listens on `host` (`0.0.0.0` for every IPv4 address) at `port` (0: any free one); tells
    /// `events` (on the serving task) what its clients do.
    ///
    /// - Throws: `NTRIPCasterError.unknownHost` or `.cannotListen`.
    public init(
        host: String, port: UInt16, configuration: Configuration, events: @escaping @Sendable (NTRIPCasterEvent) -> Void = { _ in }
    ) throws(NTRIPCasterError) {
        guard var endpoint = Syscalls.resolve(host) else { throw .unknownHost(host) }
        endpoint.port = port
        guard case .success(let fd) = Syscalls.streamSocket(family: endpoint.family) else {
            throw .cannotListen(host: host, port: port, errno: Glibc.errno)
        }
        let bound = Syscalls.reuseAddress(fd)
            .flatMap { Syscalls.bind(fd, endpoint) }
            .flatMap { Syscalls.listen(fd, backlog: 128) }
            .flatMap { Syscalls.localPort(fd) }
        guard case .success(let boundPort) = bound, case .success(let pipe) = WakePipe.make() else {
            _ = Syscalls.close(fd)
            if case .failure(let errno) = bound { throw .cannotListen(host: host, port: port, errno: errno.rawValue) }
            throw .cannotListen(host: host, port: port, errno: EMFILE)
        }
        listener = fd
        wake = pipe
        self.port = boundPort
        self.configuration = configuration
        self.events = events
    }

    /// What it has done so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The base's position the source table gives, degrees: the antenna reference point of the
    /// last 1005 or 1006 broadcast, else the receiver's last valid fix; `nil` before either
    /// (the table then says 0, 0, which clients read as no position).
    public var position: Coordinate? {
        state.withLock { $0.position }
    }

    /// The receiver's latest fix, for the source table's position until a 1005 or 1006 gives
    /// the antenna's; an invalid fix is ignored, so the last valid one stays.
    public func receiverFix(_ location: Location) {
        guard location.isValidFix else { return }
        state.withLock { $0.lastFix = location.coordinate }
    }

    /// Sends a whole RTCM 3 frame to every client being served; a 1005 or 1006 also gives the
    /// source table the antenna's position.
    public func broadcast(_ frame: [UInt8]) {
        let type = frame.count >= 8 ? Int(frame[3]) << 4 | Int(frame[4]) >> 4 : nil
        let base = type == 1005 || type == 1006 ? RTCM3StationPosition(payload: frame[3..<(frame.count - 3)]) : nil
        let hasClients = state.withLock { state in
            state.statistics.frames += 1
            if let type { state.messageTypes.insert(type) }
            if let base { state.base = base }
            for fd in state.clients.keys { state.clients[fd]?.sendFrame(frame) }
            return state.clients.values.contains { $0.isStreaming }
        }
        if hasClients { wake.fire() }
    }

    /// Accepts and serves clients until the task is cancelled; then closes them and the listener.
    public func run() async {
        defer { closeAll() }
        while !Task.isCancelled {
            let watched = state.withLock { state in
                state.clients.values.map { client in
                    pollfd(fd: client.fd, events: Int16(POLLIN) | (client.hasOutput ? Int16(POLLOUT) : 0), revents: 0)
                }
            }
            let fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
                + watched
            guard case .ready(let revents) = await EventLoop.shared.wait(for: fds, until: nil) else { return }
            if revents[1] != 0 { wake.drain() }
            if revents[0] != 0 { acceptClients() }
            for (index, pollfd) in watched.enumerated() where revents[index + 2] != 0 {
                serve(pollfd.fd, revents: revents[index + 2])
            }
            dropFinished()
        }
    }

    private func acceptClients() {
        while case .success(let fd) = Syscalls.accept(listener) {
            // A small send buffer: a stalled client fills its own queue, not megabytes of the kernel's.
            _ = Syscalls.limitSendBuffer(fd, bytes: 16_384)
            state.withLock { $0.clients[fd] = CasterClient(fd: fd, limit: configuration.clientQueueLimit) }
        }
    }

    /// Reads what `fd` sent (its request, or GGA once streaming), and sends what waits for it.
    private func serve(_ fd: CInt, revents: Int16) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let read = buffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.read(fd, bytes) } }
            state.withLock { state in
                switch read {
                case .success(0), .failure(.EBADF): state.clients[fd]?.isGone = true
                case .success(let count):
                    guard var client = state.clients[fd], !client.isStreaming, !client.closesWhenSent else { return }
                    client.request += buffer[..<count]
                    answer(&client, statistics: &state.statistics, pending: &state.pending,
                           table: SourceTableLine(types: state.messageTypes, position: state.position))
                    state.clients[fd] = client
                case .failure(.EAGAIN), .failure(.EWOULDBLOCK), .failure(.EINTR): break
                case .failure: state.clients[fd]?.isGone = true
                }
            }
        }
        state.withLock { state in
            state.clients[fd]?.flush { bytes in
                switch Syscalls.send(fd, bytes) {
                case .success(let count): count
                case .failure(.EAGAIN), .failure(.EWOULDBLOCK), .failure(.EINTR): 0
                case .failure: nil
                }
            }
        }
    }

    /// Answers a request whose head is complete.
    private func answer(_ client: inout CasterClient, statistics: inout Statistics, pending: inout [NTRIPCasterEvent], table: SourceTableLine) {
        guard let parsed = CasterRequest.parse(client.request) else { return }
        client.request = []
        client.closesWhenSent = true
        guard case .success(let request) = parsed else {
            return client.send(Array("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8))
        }
        let http = request.isVersion2 ? "HTTP/1.1" : "HTTP/1.0"
        if let username = configuration.username,
           request.authorization != "Basic " + NTRIPRequest.base64(Array((username + ":" + (configuration.password ?? "")).utf8)) {
            statistics.refusedClients += 1
            pending.append(.refusedClient)
            return client.send(Array("\(http) 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"/\(configuration.mountpoint)\"\r\nConnection: close\r\n\r\n".utf8))
        }
        guard request.mountpoint == configuration.mountpoint else {
            if request.isVersion2, !request.mountpoint.isEmpty {
                return client.send(Array("HTTP/1.1 404 Not Found\r\nNtrip-Version: Ntrip/2.0\r\nConnection: close\r\n\r\n".utf8))
            }
            return client.send(sourceTableReply(version2: request.isVersion2, table))
        }
        client.closesWhenSent = false
        client.isStreaming = true
        client.isChunked = request.isVersion2
        statistics.streamingClients += 1
        pending.append(.clientJoined(version: request.isVersion2 ? .two : .one, clients: statistics.streamingClients))
        client.send(Array((request.isVersion2
            ? "HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nServer: NTRIP GPSReader/1.0\r\nContent-Type: gnss/data\r\n"
                + "Transfer-Encoding: chunked\r\nCache-Control: no-store, no-cache, max-age=0\r\nConnection: close\r\n\r\n"
            : "ICY 200 OK\r\n").utf8))
    }

    /// The source table, one `STR;` line for the mountpoint, as 1.0 or 2.0 sends it.
    private func sourceTableReply(version2: Bool, _ line: SourceTableLine) -> [UInt8] {
        let table = line.text(mountpoint: configuration.mountpoint, authentication: configuration.username == nil ? "N" : "B")
            + "ENDSOURCETABLE\r\n"
        let head = version2
            ? "HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nServer: NTRIP GPSReader/1.0\r\nContent-Type: gnss/sourcetable\r\n"
            : "SOURCETABLE 200 OK\r\nServer: NTRIP GPSReader/1.0\r\nContent-Type: text/plain\r\n"
        return Array((head + "Content-Length: \(table.utf8.count)\r\nConnection: close\r\n\r\n" + table).utf8)
    }

    /// Closes the clients that hung up, were answered and closed, or fell too far behind.
    private func dropFinished() {
        let finished = state.withLock { state in
            let finished = state.clients.values.filter { $0.isGone || $0.isTooSlow || ($0.closesWhenSent && !$0.hasOutput) }
            for client in finished {
                state.clients[client.fd] = nil
                if client.isStreaming { state.statistics.streamingClients -= 1 }
                if client.isTooSlow {
                    state.statistics.droppedSlowClients += 1
                    state.pending.append(.droppedSlowClient)
                }
            }
            defer { state.pending = [] }
            return (finished.map(\.fd), state.pending)
        }
        for fd in finished.0 { _ = Syscalls.close(fd) }
        for event in finished.1 { events(event) }
    }

    private func closeAll() {
        let all = state.withLock { state in
            defer { state.clients = [:] }
            return Array(state.clients.keys)
        }
        for fd in all { _ = Syscalls.close(fd) }
        _ = Syscalls.close(listener)
        wake.close()
    }
}
