/// What came of a list of configuration steps: which the receiver acknowledged, which it
/// refused or did not answer, which were not tried, and where its speed ended up.
public struct ConfigurationOutcome: Sendable {
    /// The steps acknowledged (ACK-ACK), in order.
    public var applied: [ConfigurationStep] = []
    /// The steps that failed, with why: refused (ACK-NAK), unanswered, or cut off by an unplug.
    public var failed: [(step: ConfigurationStep, error: ReceiverConfigurationError)] = []
    /// The steps not written, because an earlier one left the receiver unanswering.
    public var notTried: [ConfigurationStep] = []
    /// What a speed change came to, when one was asked.
    public var speed: SpeedChangeOutcome?

    /// Whether every step was acknowledged (and a speed change heard).
    public var isComplete: Bool { failed.isEmpty && notTried.isEmpty }

    /// An outcome with nothing yet.
    public init() {}
}
