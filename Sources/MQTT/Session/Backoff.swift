/// The waits between reconnection attempts: doubling from `initial` up to `maximum`, each one
/// drawn at random between half and all of its step ("equal jitter"), so a fleet that lost
/// its broker at the same moment does not come back at the same moment.
public struct Backoff: Sendable {
    /// The first wait's step.
    public let initial: Duration
    /// The longest step.
    public let maximum: Duration
    private var step: Duration
    private var random: @Sendable (ClosedRange<Double>) -> Double

    /// A backoff.
    ///
    /// - Parameters:
    ///   - initial: The first step; 500 ms by default.
    ///   - maximum: The longest step; 30 s by default.
    ///   - random: A number in the range, for the jitter; the system's generator by default.
    public init(
        initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.initial = initial
        self.maximum = maximum
        step = initial
        self.random = random
    }

    /// The next wait: between half the step and the step; the step then doubles, up to `maximum`.
    public mutating func next() -> Duration {
        let wait = step * random(0.5...1.0)
        step = min(step * 2, maximum)
        return wait
    }

    /// A connection succeeded: the next outage starts again from `initial`.
    public mutating func reset() {
        step = initial
    }
}
