import GPSReader
import LocationTracking
import Locking
import POSIXSupport

/// Feeds a receiver a caster's RTCM 3 corrections: connects to an NTRIP caster's mountpoint
/// (NTRIP 1.0 or 2.0, with Basic credentials), checks every frame's CRC-24Q and writes only
/// whole, valid frames to the receiver through its `ReceiverLink`.
///
/// - **GGA upstream.** The receiver's last valid fix (`receiverFix(_:)`, or `NTRIPPositionSink`
///   in its pipeline) goes to the caster as a GGA at connect and every `ggaInterval`, for
///   network (VRS) and nearest-base mountpoints; an invalid fix is never sent.
/// - **Outages.** A refusal, a closed connection, a stall (nothing for `stallTimeout`) or
///   garbage (`garbageLimit` bytes without a valid frame) is said once per outage
///   (`NTRIPEvent.outage`, its description saying what to do) and retried with `Backoff`'s
///   jittered waits. Frames received before a reconnection and still waiting then are
///   discarded (`CorrectionStatistics.framesDiscardedAtReconnect`), never written after it;
///   only a frame whose write had begun is finished whole, since a frame cut short would
///   spoil the next one the receiver reads.
/// - **Bounded.** At most `queueLimit` bytes wait for the receiver: a caster faster than the
///   serial line costs the oldest frames (counted, and said once per spell), never memory.
///
/// The receiver keeps being read throughout: the client only sends through the link.
///
/// ```swift
/// let link = ReceiverLink()
/// let client = NTRIPClient(NTRIPClient.Configuration(url: NTRIPURL("ntrip://caster.example.org/NEAR")!), link: link)
/// let corrections = Task { await client.run() }   // until cancelled
/// ```
public final class NTRIPClient: Sendable {
    /// How the client connects, what it sends and what it tolerates.
    public struct Configuration: Sendable {
        /// The caster and mountpoint, with the credentials.
        public var url: NTRIPURL
        /// How often the receiver's position goes to the caster as GGA; `nil`: never.
        public var ggaInterval: Duration?
        /// The longest a connection and the request may take.
        public var connectTimeout: Duration
        /// The longest silence before the connection is judged stalled and made again.
        public var stallTimeout: Duration
        /// The most bytes accepted without one valid RTCM 3 frame before the stream is judged garbage.
        public var garbageLimit: Int
        /// The most bytes of corrections waiting for the receiver.
        public var queueLimit: Int
        /// The longest the receiver may take to accept one frame.
        public var writeTimeout: Duration
        /// The waits between attempts.
        public var backoff: Backoff
        /// The clock the backoff's waits are slept on: a `ContinuousClock` unless a test drives
        /// one of its own. (Timeouts on the connection are the event loop's, on the system's clock.)
        public var clock: any Clock<Duration>

        /// A configuration.
        ///
        /// - Parameters:
        ///   - url: The caster and mountpoint.
        ///   - ggaInterval: GGA every 10 s by default; `nil`: never.
        ///   - connectTimeout: 10 s by default.
        ///   - stallTimeout: 20 s by default: casters send at least once a second, 1005 every 10 s.
        ///   - garbageLimit: 64 KiB by default, far beyond the 1,029 bytes of the largest frame.
        ///   - queueLimit: 16 KiB by default: about ten seconds of a 1 Hz MSM7 base, which a
        ///     115,200 bit/s serial line takes in under 1.5 s.
        ///   - writeTimeout: 2 s by default.
        ///   - backoff: From 1 s doubling to 60 s, jittered, by default.
        ///   - clock: What the waits between attempts sleep on; a `ContinuousClock` by default.
        public init(
            url: NTRIPURL, ggaInterval: Duration? = .seconds(10), connectTimeout: Duration = .seconds(10),
            stallTimeout: Duration = .seconds(20), garbageLimit: Int = 65_536, queueLimit: Int = 16_384,
            writeTimeout: Duration = .seconds(2), backoff: Backoff = Backoff(initial: .seconds(1), maximum: .seconds(60)),
            clock: any Clock<Duration> = ContinuousClock()
        ) {
            self.url = url
            self.ggaInterval = ggaInterval
            self.connectTimeout = connectTimeout
            self.stallTimeout = stallTimeout
            self.garbageLimit = garbageLimit
            self.queueLimit = queueLimit
            self.writeTimeout = writeTimeout
            self.backoff = backoff
            self.clock = clock
        }
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    let link: ReceiverLink
    let events: @Sendable (NTRIPEvent) -> Void
    let queue: CorrectionQueue
    let state: LockedState<State>

    struct State {
        var statistics = CorrectionStatistics()
        var rate = RateMeter()
        var lastFix: Location?
        /// The outage said last; `nil` once corrections flow.
        var lastOutage: NTRIPError?
        var isFirstConnection = true
        var hasSaidDropping = false
        var hasSaidNotTaking = false
    }

    /// A client that writes to `link`'s receiver and tells `events` (on its own task) what happens.
    public init(_ configuration: Configuration, link: ReceiverLink, events: @escaping @Sendable (NTRIPEvent) -> Void = { _ in }) {
        self.configuration = configuration
        self.link = link
        self.events = events
        queue = CorrectionQueue(limit: configuration.queueLimit)
        state = LockedState(State())
    }

    /// What the client has passed on so far, its rate as of now.
    public var statistics: CorrectionStatistics {
        state.withLock { state in
            state.statistics.bytesPerSecond = state.rate.rate(at: .now)
            return state.statistics
        }
    }

    /// The receiver's latest fix, for the GGA the caster gets; an invalid fix is ignored, so
    /// the last valid one stays.
    public func receiverFix(_ location: Location) {
        guard location.isValidFix else { return }
        state.withLock { $0.lastFix = location }
    }

    /// The receiver's last valid fix, as given to `receiverFix(_:)`.
    public var lastFix: Location? { state.withLock { $0.lastFix } }

    /// Connects, streams corrections to the receiver and reconnects after each outage, until the
    /// task is cancelled. Call it once.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.writeCorrections() }
            await connectRepeatedly()
            queue.close()
        }
    }

    private func connectRepeatedly() async {
        var backoff = configuration.backoff
        while !Task.isCancelled {
            var connectedAt: ContinuousClock.Instant?
            do throws(NTRIPError) {
                try await stream { connectedAt = .now }
            } catch {
                guard !Task.isCancelled else { return }
                if let connectedAt { backoff.connectionEnded(after: connectedAt.duration(to: .now)) }
                let isNews = state.withLock { state in
                    defer { state.lastOutage = error }
                    return state.lastOutage == nil || (state.lastOutage != error && error.needsSomeoneToAct)
                }
                if isNews { events(.outage(error)) }
            }
            try? await configuration.clock.sleep(for: backoff.next())
        }
    }

    /// The first valid frame of a connection: says the caster is (back) in service.
    func correctionsFlow(version: NTRIPResponseHead.NTRIPVersion) {
        let isBack = state.withLock { state in
            defer {
                state.lastOutage = nil
                state.isFirstConnection = false
                state.hasSaidDropping = false
            }
            return state.lastOutage != nil || state.isFirstConnection
        }
        if isBack { events(.connected(configuration.url, version: version)) }
    }

    /// Writes queued frames to the receiver as they come, oldest first, until the queue closes.
    private func writeCorrections() async {
        for await _ in queue.rings {
            while let frame = queue.pop() {
                do throws(ReceiverLinkError) {
                    try await link.send(frame.bytes, timeout: configuration.writeTimeout)
                    state.withLock { state in
                        state.statistics.framesWritten += 1
                        state.statistics.bytesWritten += frame.bytes.count
                        state.hasSaidNotTaking = false
                    }
                } catch {
                    if case .cancelled = error { return }
                    // No receiver open (yet, or unplugged) is the device's own news, said by its state.
                    let isDeviceAway = error == .notConnected || error == .reopened
                    let isNews = state.withLock { state in
                        state.statistics.framesUnwritten += 1
                        defer { if !isDeviceAway { state.hasSaidNotTaking = true } }
                        return !state.hasSaidNotTaking && !isDeviceAway
                    }
                    if isNews { events(.receiverNotTaking(error.description)) }
                }
            }
        }
    }
}
