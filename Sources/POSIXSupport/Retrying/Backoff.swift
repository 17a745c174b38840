/// The waits between reconnection attempts (to an MQTT broker, to an NTRIP caster): doubling
/// from `initial` up to `maximum`, each one drawn at random between half and all of its step
/// ("equal jitter"), so a fleet that lost its server at the same moment does not come back at
/// the same moment. The steps start over only after a connection that stayed up for
/// `steadyUptime`: a server that accepts each connection and drops it at once is backed off as
/// one that refuses them.
public struct Backoff: Sendable {
    /// How long a connection must stay up before the steps start over: 30 s, longer than a
    /// broker takes to drop a client it accepted (a client id taken over, a connection limit).
    public static let defaultSteadyUptime: Duration = .seconds(30)

    /// The first wait's step.
    public let initial: Duration
    /// The longest step.
    public let maximum: Duration
    /// How long a connection must stay up before the steps start over.
    public let steadyUptime: Duration
    private var step: Duration
    private var random: @Sendable (ClosedRange<Double>) -> Double

    /// A backoff.
    ///
    /// - Parameters:
    ///   - initial: The first step; 500 ms by default.
    ///   - maximum: The longest step; 30 s by default.
    ///   - random: A number in the range, for the jitter; the system's generator by default.
    ///   - steadyUptime: How long a connection must stay up before the steps start over;
    ///     `defaultSteadyUptime` (30 s) by default.
    public init(
        initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
        steadyUptime: Duration = Backoff.defaultSteadyUptime
    ) {
        self.initial = initial
        self.maximum = maximum
        self.steadyUptime = steadyUptime
        step = initial
        self.random = random
    }

    /// The next wait: between half the step and the step; the step then doubles, up to `maximum`.
    public mutating func next() -> Duration {
        let wait = step * random(0.5...1.0)
        step = min(step * 2, maximum)
        return wait
    }

    /// The next outage starts again from `initial`.
    public mutating func reset() {
        step = initial
    }

    /// A connection ended after it was up for `uptime`: the steps start over if it stayed up
    /// for `steadyUptime` or longer, and go on growing if not.
    ///
    /// - Returns: Whether it was steady.
    @discardableResult
    public mutating func connectionEnded(after uptime: Duration) -> Bool {
        guard uptime >= steadyUptime else { return false }
        reset()
        return true
    }
}
