import Glibc
import POSIXSupport

/// One connection to a broker, from its CONNACK to its close: packets out, packets in, and the
/// keep-alive (a PINGREQ after `keepAliveSeconds` of saying nothing; no PINGRESP within as long
/// again is `MQTTError.connectionLost`). Every wait is on the `EventLoop` and ends when the
/// task is cancelled. One task uses a connection; it is closed when released.
public final class MQTTConnection {
    /// What a wait for the broker gave.
    public enum Received: Equatable, Sendable {
        /// A packet (never PINGRESP: the connection takes those itself).
        case packet(MQTTPacket)
        /// A packet over `maximumPacketSize`, skipped unread: its type and remaining length in
        /// bytes, and for a PUBLISH its header, to acknowledge it with.
        case oversized(type: UInt8, length: Int, publish: SkippedPublish?)
        /// A packet of a type this client does not speak, or whose body does not fit its type:
        /// skipped; for a PUBLISH whose header could be read, that header, to acknowledge it with.
        case undecodable(MQTTPacket.DecodingError, publish: SkippedPublish?)
        /// The deadline passed.
        case timedOut
        /// The other descriptor given became readable.
        case woken
        /// The waiting task was cancelled.
        case cancelled
    }

    /// The most packets `subscribe` holds that came before its SUBACK: 64.
    public static let maximumHeldBeforeSubscription = 64
    /// The most bytes of topics and payloads `subscribe` holds that came before its SUBACK: 1 MiB.
    public static let maximumBytesHeldBeforeSubscription = 1 << 20

    /// The broker.
    public let address: BrokerAddress
    /// Whether the broker had kept a session for this client id (CONNACK's session present).
    public private(set) var sessionPresent = false
    /// How many packets the last `subscribe` dropped (QoS 1 PUBLISHes acknowledged) because they
    /// came before its SUBACK beyond what it holds; 0 before any.
    public private(set) var droppedBeforeSubscription = 0
    private let fd: CInt
    private let keepAlive: Duration?
    private var framer: PacketFramer
    private var arrived: [Received] = []
    private var lastSent = ContinuousClock.now
    private var pingSent: ContinuousClock.Instant?
    private var nextPacketID: UInt16 = 1
    /// Each read's bytes, reused: a large message skipped costs no allocation per chunk.
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    private init(fd: CInt, address: BrokerAddress, keepAliveSeconds: UInt16, maximumPacketSize: Int) {
        self.fd = fd
        self.address = address
        keepAlive = keepAliveSeconds == 0 ? nil : .seconds(Int(keepAliveSeconds))
        framer = PacketFramer(maximumPacketSize: maximumPacketSize)
    }

    deinit {
        _ = Syscalls.close(fd)
    }

    /// Connects, sends CONNECT and waits for the broker's CONNACK.
    ///
    /// - Parameters:
    ///   - address: The broker.
    ///   - request: Who the client is, its keep-alive, credentials and will.
    ///   - timeout: The longest wait for the TCP handshake, then as long for CONNACK.
    ///   - maximumPacketSize: Longer packets from the broker are skipped (`Received.oversized`).
    /// - Throws: `MQTTError`: `.refused` with the CONNACK's code, `.noAnswer`,
    ///   `.closedDuringHandshake`, `.connectionRefused`... each with its remedy.
    nonisolated(nonsending) public static func open(
        to address: BrokerAddress, request: ConnectRequest, timeout: Duration = .seconds(5),
        maximumPacketSize: Int = 256 * 1024
    ) async throws(MQTTError) -> MQTTConnection {
        let fd: CInt
        switch await StreamConnector.connect(host: address.host, port: address.port, timeout: timeout) {
        case .success(let connected): fd = connected
        case .failure(.unknownHost): throw .unknownHost(address)
        case .failure(.connect(.ECONNREFUSED)): throw .connectionRefused(address)
        case .failure(.connect(let errno)), .failure(.socket(let errno)): throw .connectionFailed(address, errno: errno.rawValue)
        }
        let connection = MQTTConnection(
            fd: fd, address: address, keepAliveSeconds: request.keepAliveSeconds, maximumPacketSize: maximumPacketSize)
        do {
            try await connection.send(.connect(request))
        } catch {
            throw .closedDuringHandshake(address)
        }
        let deadline = ContinuousClock.now + timeout
        while true {
            let received: Received
            do {
                received = try await connection.receive(until: deadline)
            } catch .connectionLost {
                throw .closedDuringHandshake(address)
            }
            switch received {
            case .packet(.connectAcknowledgement(let sessionPresent, .accepted)):
                connection.sessionPresent = sessionPresent
                return connection
            case .packet(.connectAcknowledgement(_, let code)):
                throw .refused(address, code)
            case .timedOut:
                throw .noAnswer(address, afterSeconds: timeout.seconds)
            case .cancelled:
                throw .connectionLost(address)
            case .packet, .oversized, .undecodable, .woken:
                throw .protocolViolation(address, "expected CONNACK")
            }
        }
    }

    /// A packet id for the next QoS 1 PUBLISH or SUBSCRIBE: 1 to 65,535, then again from 1.
    public func makePacketID() -> UInt16 {
        defer { nextPacketID = nextPacketID == .max ? 1 : nextPacketID + 1 }
        return nextPacketID
    }

    /// Sends `packet`, waiting on the event loop while the socket's buffer is full.
    ///
    /// - Throws: `MQTTError.connectionLost` when the broker has gone or the task was cancelled.
    nonisolated(nonsending) public func send(_ packet: MQTTPacket) async throws(MQTTError) {
        var sent = 0
        let result = try await Syscalls.writeAll(packet.encoded(), written: &sent) { [fd] buffer throws(MQTTError) in
            Syscalls.send(fd, buffer)
        } waitForRoom: { [fd, address] () async throws(MQTTError) -> Bool in
            let writable = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            guard case .ready = await EventLoop.shared.wait(for: writable, until: nil) else { throw .connectionLost(address) }
            return true
        }
        guard case .success = result else { throw .connectionLost(address) }
        lastSent = .now
    }

    /// Subscribes to `filters` and waits for the SUBACK; messages that arrive meanwhile (a
    /// topic's retained messages) wait for `receive`, at most `maximumHeldBeforeSubscription`
    /// of them and `maximumBytesHeldBeforeSubscription` of their bytes: the rest are dropped,
    /// counted in `droppedBeforeSubscription`, and acknowledged at QoS 1.
    ///
    /// - Throws: `.subscriptionRefused` naming the first filter the broker refused;
    ///   `.noAnswer` after `timeout`; `.connectionLost`.
    nonisolated(nonsending) public func subscribe(_ filters: [TopicSubscription], timeout: Duration = .seconds(5)) async throws(MQTTError) {
        let id = makePacketID()
        try await send(.subscribe(packetID: id, filters: filters))
        let deadline = ContinuousClock.now + timeout
        var backlog = SubscriptionBacklog()
        defer {
            arrived.insert(contentsOf: backlog.held, at: 0)
            droppedBeforeSubscription = backlog.dropped
        }
        while true {
            let received = try await receive(until: deadline)
            switch received {
            case .packet(.subscribeAcknowledgement(id, let granted)):
                if let refused = zip(filters, granted).first(where: { $0.1 == nil }) {
                    throw .subscriptionRefused(address, filter: refused.0.filter)
                }
                return
            case .timedOut: throw .noAnswer(address, afterSeconds: timeout.seconds)
            case .cancelled: throw .connectionLost(address)
            default:
                guard !backlog.hold(received) else { continue }
                if let acknowledgement = MQTTPacket.acknowledgement(of: SubscriptionBacklog.packetID(of: received)) {
                    try await send(acknowledgement)
                }
            }
        }
    }

    /// Waits for the next packet until `deadline` (`nil`: none), keeping the connection alive
    /// meanwhile; with `wake`, also until that descriptor is readable.
    ///
    /// - Throws: `MQTTError.connectionLost` when the broker closed the connection or stopped
    ///   answering pings; `.protocolViolation` for a stream that is not MQTT.
    nonisolated(nonsending) public func receive(until deadline: ContinuousClock.Instant?, orWhenReadable wake: CInt? = nil) async throws(MQTTError) -> Received {
        while true {
            if !arrived.isEmpty { return arrived.removeFirst() }
            if let pingSent, let keepAlive, ContinuousClock.now - pingSent > keepAlive { throw .connectionLost(address) }
            let pingDue = keepAlive.map { lastSent + $0 }
            if let pingDue, pingSent == nil, pingDue <= .now {
                pingSent = .now
                try await send(.pingRequest)
                continue
            }
            let wakeUp = [pingDue, pingSent.flatMap { sent in keepAlive.map { sent + $0 } }, deadline].compactMap { $0 }.min()
            var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            switch await EventLoop.shared.wait(for: descriptors, until: wakeUp) {
            case .cancelled: return .cancelled
            case .failed: throw .connectionLost(address)
            case .timedOut:
                if let deadline, deadline <= .now { return .timedOut }
            case .ready(let events):
                if events[0] != 0 { try readAvailable() }
                if arrived.isEmpty, events.count > 1, events[1] != 0 { return .woken }
            }
        }
    }

    private func readAvailable() throws(MQTTError) {
        let result = readBuffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { [fd] in Syscalls.read(fd, bytes) } }
        switch result {
        case .success(let count) where count > 0:
            do throws(PacketFramer.BrokenStream) {
                try framer.append(readBuffer[..<count]) { output in
                    switch output {
                    case .packet(.pingResponse): pingSent = nil
                    case .packet(let packet): arrived.append(.packet(packet))
                    case .oversized(let type, let length, let publish): arrived.append(.oversized(type: type, length: length, publish: publish))
                    case .undecodable(let error, let publish): arrived.append(.undecodable(error, publish: publish))
                    }
                }
            } catch {
                throw .protocolViolation(address, "a malformed remaining length")
            }
        case .failure(.EAGAIN):
            return
        default:
            throw .connectionLost(address)
        }
    }
}
