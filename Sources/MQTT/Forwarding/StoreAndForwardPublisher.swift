import Locking
import POSIXSupport

/// Publishes messages to a broker, in order, through outages: `publish` only queues (it never
/// waits for the broker), and a task of the publisher's own sends the queue whenever the broker
/// is there, reconnecting with `Backoff`. QoS 1 messages leave the queue at their PUBACK, so none is lost
/// while the queue holds it; after a reconnect the unacknowledged ones are sent again with DUP.
/// At most `maximumInFlight` are unacknowledged at once. The backoff starts over only after a
/// connection stayed up `Backoff.steadyUptime`: a broker that drops each connection it accepts
/// is backed off, and is one outage (`MQTTError.droppedAfterAccepting`).
///
/// The queue holds `capacity` messages; beyond that the oldest is dropped (counted, and said once
/// per outage), at start too when the spool holds more. With a spool every queued message is
/// also on disk until the broker has it, so what a stopped program could not send to the
/// spool's topic goes out when it starts again: with DUP only if that program had sent it
/// (`MessageSpool`), counted in `PublisherStatistics.restored`.
public final class StoreAndForwardPublisher: Sendable {
    /// How to reach the broker and how much to hold.
    public struct Configuration: Sendable {
        /// The broker.
        public var broker: BrokerAddress
        /// The CONNECT for each connection, made when connecting (so a will can carry the time).
        public var request: @Sendable () -> ConnectRequest
        /// The most messages held while the broker is away; 10,000 by default.
        public var capacity: Int
        /// The spool, if the queue should survive a restart: its directory, and the topic
        /// whose messages it sends again.
        public var spool: PublisherSpool?
        /// The longest wait for a TCP handshake, and as long for CONNACK; 5 s by default.
        public var connectTimeout: Duration
        /// QoS 1 messages sent before their PUBACKs come; 32 by default.
        public var maximumInFlight: Int
        /// The waits between attempts.
        public var backoff: Backoff
        /// The clock the backoff's waits are slept on: a `ContinuousClock` unless a test drives
        /// one of its own. (A connection's timeouts are the event loop's, on the system's clock.)
        public var clock: any Clock<Duration>

        /// A configuration.
        ///
        /// - Parameter clock: What the waits between attempts sleep on; a `ContinuousClock` by
        ///   default.
        public init(
            broker: BrokerAddress, request: @escaping @Sendable () -> ConnectRequest, capacity: Int = 10_000,
            spool: PublisherSpool? = nil, connectTimeout: Duration = .seconds(5), maximumInFlight: Int = 32,
            backoff: Backoff = Backoff(), clock: any Clock<Duration> = ContinuousClock()
        ) {
            self.broker = broker
            self.request = request
            self.capacity = capacity
            self.spool = spool
            self.connectTimeout = connectTimeout
            self.maximumInFlight = maximumInFlight
            self.backoff = backoff
            self.clock = clock
        }
    }

    private struct State {
        var statistics = PublisherStatistics()
        var isFinishing = false
        var lastOutage: MQTTError?
        var hasSaidDropping = false
        var hasSaidSpoolFailing = false
        var task: Task<Void, Never>?
    }

    /// The configuration it runs with.
    public let configuration: Configuration
    private let queue: OutboundQueue
    private let wake: WakePipe
    private let state = LockedState(State())
    private let report: @Sendable (PublisherEvent) -> Void

    /// A publisher; nothing connects until `start()`.
    ///
    /// - Parameters:
    ///   - configuration: The broker, the queue's bound, the spool.
    ///   - report: Hears each `PublisherEvent`, on the publisher's task: return quickly.
    /// - Throws: `MQTTSpoolError` when the spool directory cannot be used: it cannot be made or
    ///   opened, or is not one, another user owns it, or others may write it.
    public init(_ configuration: Configuration, report: @escaping @Sendable (PublisherEvent) -> Void = { _ in })
        throws(MQTTSpoolError)
    {
        self.configuration = configuration
        let spool = try configuration.spool.map { spool throws(MQTTSpoolError) in
            try MessageSpool(directory: spool.directory, topic: spool.topic)
        }
        queue = OutboundQueue(capacity: configuration.capacity, spool: spool)
        guard case .success(let pipe) = WakePipe.make() else { fatalError("StoreAndForwardPublisher: pipe2 failed") }
        wake = pipe
        self.report = report
        state.withLock { state in
            state.statistics.restored = queue.restored
            state.statistics.dropped = queue.droppedAtLoad
        }
    }

    deinit {
        wake.close()
    }

    /// Queues `message` for the broker and returns without waiting for it; with a spool, after
    /// its file is written and `fsync`ed.
    public func publish(_ message: MQTTMessage) {
        let dropped = queue.append(message)
        let events: [PublisherEvent] = state.withLock { state in
            state.statistics.queued += 1
            var events: [PublisherEvent] = []
            if dropped {
                state.statistics.dropped += 1
                if !state.hasSaidDropping {
                    state.hasSaidDropping = true
                    events.append(.dropping(capacity: queue.capacity))
                }
            }
            if queue.spoolFailures > 0, !state.hasSaidSpoolFailing, let directory = configuration.spool?.directory.description {
                state.hasSaidSpoolFailing = true
                events.append(.spoolFailing(directory: directory))
            }
            return events
        }
        events.forEach(report)
        wake.fire()
    }

    /// What it has done so far.
    public var statistics: PublisherStatistics {
        var statistics = state.withLock { $0.statistics }
        statistics.waiting = queue.count
        return statistics
    }

    /// Starts the publishing task (once).
    public func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { await self.run() }
        }
    }

    /// Sends what is queued, then DISCONNECTs (so the broker drops the will) and stops; gives up
    /// after `timeout`, or when the calling task is cancelled, leaving the rest in the spool if
    /// there is one, and DISCONNECTs then too if connected. The publisher cannot be started again.
    ///
    /// - Returns: The statistics at the end.
    @discardableResult
    public func finish(within timeout: Duration = .seconds(5)) async -> PublisherStatistics {
        let task = state.withLock { state in
            state.isFinishing = true
            return state.task
        }
        wake.fire()
        if let task {
            let timer = Task {
                try? await Task.sleep(for: timeout)
                task.cancel()
            }
            await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            timer.cancel()
        }
        return statistics
    }

    private var isFinishing: Bool { state.withLock { $0.isFinishing } }

    private func run() async {
        if let directory = configuration.spool?.directory.description {
            if queue.rejectedAtLoad > 0 { report(.rejectedFromSpool(directory: directory, count: queue.rejectedAtLoad)) }
            if !queue.leftInSpoolAtLoad.isEmpty { report(.leftInSpool(directory: directory, entries: queue.leftInSpoolAtLoad)) }
        }
        if queue.droppedAtLoad > 0 { report(.droppedFromSpool(dropped: queue.droppedAtLoad, capacity: queue.capacity)) }
        var backoff = configuration.backoff
        // Whether the last connection broke before it was steady: a broker that stopped does so
        // once, one that drops what it accepts does so again after the next CONNACK.
        var droppedSoon = false
        while !Task.isCancelled {
            if isFinishing, queue.count == 0 { return }
            var connectedAt: ContinuousClock.Instant?
            do throws(MQTTError) {
                let connection = try await MQTTConnection.open(
                    to: configuration.broker, request: configuration.request(), timeout: configuration.connectTimeout)
                connectedAt = .now
                // A broker that keeps dropping what it accepts is one outage, until a connection holds.
                let isBack = state.withLock { state in
                    state.statistics.connections += 1
                    if case .droppedAfterAccepting = state.lastOutage { return false }
                    state.lastOutage = nil
                    state.hasSaidDropping = false
                    return true
                }
                if isBack { report(.connected(configuration.broker, queued: queue.count)) }
                if try await drain(connection, backAt: isBack ? nil : connectedAt.map { $0 + backoff.steadyUptime }) { return }
            } catch {
                var error = error
                let wasDroppedSoon = droppedSoon
                droppedSoon = false
                if let connectedAt, !backoff.connectionEnded(after: .now - connectedAt),
                   error == .connectionLost(configuration.broker) {
                    droppedSoon = true
                    if wasDroppedSoon {
                        error = .droppedAfterAccepting(configuration.broker, withinSeconds: backoff.steadyUptime.seconds)
                    }
                }
                // A lost connection is tried again soon: the outage is said by the attempt
                // that fails, if one does. Nor is a stop an outage.
                if !Task.isCancelled, error != .connectionLost(configuration.broker) {
                    // Once per outage; a refusal that needs someone to act is news in any case.
                    let isNews = state.withLock { state in
                        defer { state.lastOutage = error }
                        return state.lastOutage == nil || (state.lastOutage != error && !error.isTransient)
                    }
                    if isNews { report(.outage(error)) }
                }
            }
            guard !Task.isCancelled, !(isFinishing && queue.count == 0) else { return }
            // Finishing waits for the broker too, until `finish`'s timeout cancels the wait.
            try? await configuration.clock.sleep(for: backoff.next())
        }
    }

    /// Sends the queue on `connection` until it breaks (throws), or until finishing with nothing
    /// left or cancelled (true, after DISCONNECT); at `backAt`, says the broker is back.
    private func drain(_ connection: MQTTConnection, backAt: ContinuousClock.Instant?) async throws(MQTTError) -> Bool {
        var lastSent: UInt64?
        var inFlight: [UInt16: UInt64] = [:]
        var backAt = backAt
        while true {
            if let at = backAt, at <= .now {
                backAt = nil
                state.withLock { state in
                    state.lastOutage = nil
                    state.hasSaidDropping = false
                }
                report(.connected(configuration.broker, queued: queue.count))
            }
            while inFlight.count < configuration.maximumInFlight, let next = queue.first(after: lastSent) {
                lastSent = next.sequence
                if next.message.qos == .atMostOnce {
                    try await connection.send(.publish(next.message, packetID: nil, duplicate: false))
                    queue.remove(next.sequence)
                    state.withLock { $0.statistics.delivered += 1 }
                    continue
                }
                let id = connection.makePacketID()
                inFlight[id] = next.sequence
                // Marked before it goes, so a program killed mid-write resends it with DUP (it
                // may have been sent); unmarked if the write fails, as the broker cannot have it.
                queue.markSent(next.sequence)
                do throws(MQTTError) {
                    try await connection.send(.publish(next.message, packetID: id, duplicate: next.wasSent))
                } catch {
                    if !next.wasSent { queue.unmarkSent(next.sequence) }
                    throw error
                }
                if next.wasSent { state.withLock { $0.statistics.resent += 1 } }
            }
            if inFlight.isEmpty, isFinishing, queue.first(after: lastSent) == nil {
                try? await connection.send(.disconnect)
                return true
            }
            switch try await connection.receive(until: backAt, orWhenReadable: wake.readEnd) {
            case .packet(.publishAcknowledgement(let id)):
                if let sequence = inFlight.removeValue(forKey: id) {
                    queue.remove(sequence)
                    state.withLock { $0.statistics.delivered += 1 }
                }
            case .woken:
                wake.drain()
            case .cancelled:
                // An orderly stop, though messages are in flight: DISCONNECT, so the broker
                // drops the will; the unacknowledged stay queued (and spooled).
                try? await connection.send(.disconnect)
                return true
            case .packet, .oversized, .undecodable, .timedOut:
                continue
            }
        }
    }
}
