/// Reads one run of a source's events; what a `ReceiverEvents` iterates.
public protocol ReceiverEventReader {
    /// The next event; `nil` at the end of the run or once the task is cancelled.
    mutating func next(isolation actor: isolated (any Actor)?) async -> ReceiverEvent?
}
