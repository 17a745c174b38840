/// What an `NTRIPClient` has passed on so far: what a panel, a status line or a benchmark shows.
public struct CorrectionStatistics: Hashable, Sendable {
    /// Body bytes received from casters (after the chunked coding is removed), over every connection.
    public var bytesReceived = 0
    /// RTCM 3 frames received with a valid CRC-24Q.
    public var framesReceived = 0
    /// RTCM 3 frames whose CRC failed: none of them went to the receiver.
    public var framesRejected = 0
    /// Frames written to the receiver whole.
    public var framesWritten = 0
    /// Bytes of those frames.
    public var bytesWritten = 0
    /// Frames dropped, oldest first, because the receiver took them slower than they came
    /// (more than `NTRIPClient.Configuration.queueLimit` bytes waiting).
    public var framesDropped = 0
    /// Frames received before a reconnection and still waiting for the receiver when it came:
    /// dropped, never written after it.
    public var framesDiscardedAtReconnect = 0
    /// Frames that found no receiver open (unplugged, not opened yet), or that it did not take
    /// in time: not written.
    public var framesUnwritten = 0
    /// How many frames of each RTCM 3 message type came (1005, 1077, 1230...).
    public var messageTypes: [Int: Int] = [:]
    /// When the last valid frame came from the caster; `nil` before the first.
    public var lastCorrection: ContinuousClock.Instant?
    /// The base station's antenna, from the last 1005 or 1006.
    public var base: RTCM3StationPosition?
    /// Body bytes per second over the last 10 s (fewer right after the start).
    public var bytesPerSecond: Double = 0
    /// Successful connections (a mountpoint's data began).
    public var connections = 0

    /// Zeroed statistics.
    public init() {}

    /// The seconds since the last valid frame, at `now`; `nil` before the first.
    public func correctionAge(at now: ContinuousClock.Instant = .now) -> Double? {
        lastCorrection.map { start in
            let elapsed = start.duration(to: now).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        }
    }

    /// The message types seen, in increasing order.
    public var messageTypesSeen: [Int] { messageTypes.keys.sorted() }
}
