/// Bytes per second over a sliding window of whole seconds: the corrections' rate a panel shows.
struct RateMeter: Hashable, Sendable {
    /// The window, seconds.
    static let window = 10
    private var buckets = [Int](repeating: 0, count: RateMeter.window)
    /// The second of the last byte counted, from the meter's origin.
    private var lastSecond: Int64?
    private var firstSecond: Int64?
    private let origin: ContinuousClock.Instant

    init(origin: ContinuousClock.Instant = .now) {
        self.origin = origin
    }

    /// Counts `count` bytes that came at `instant`.
    mutating func add(_ count: Int, at instant: ContinuousClock.Instant) {
        let second = advance(to: instant)
        buckets[Int(second % Int64(Self.window))] += count
    }

    /// The bytes per second of the window ending at `instant` (of the time since the first byte,
    /// when shorter).
    mutating func rate(at instant: ContinuousClock.Instant) -> Double {
        let second = advance(to: instant)
        guard let firstSecond else { return 0 }
        let span = min(Int64(Self.window), second - firstSecond + 1)
        return Double(buckets.reduce(0, +)) / Double(span)
    }

    /// Empties the buckets of the seconds between the last byte and `instant`'s second.
    private mutating func advance(to instant: ContinuousClock.Instant) -> Int64 {
        let second = origin.duration(to: instant).components.seconds
        if firstSecond == nil { firstSecond = second }
        if let lastSecond, second > lastSecond {
            for stale in (lastSecond + 1)...min(second, lastSecond + Int64(Self.window)) {
                buckets[Int(stale % Int64(Self.window))] = 0
            }
        }
        lastSecond = max(lastSecond ?? second, second)
        return second
    }
}
