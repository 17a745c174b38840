/// An output of the pipeline: it hears every event of a source's run, in order, on the task
/// that runs it. The tracking flow's provider, gpsd's JSON, a gpsd server, a recorder and the
/// text lines are each one; adding an output is adding a sink, not another read loop.
public protocol ReceiverSink {
    /// Hears one event. Return quickly: the source reads on once the sinks have heard it.
    mutating func receive(_ event: ReceiverEvent)

    /// The run ended (the capture's end, or the task was cancelled): flush what is held.
    mutating func finish()

    /// Whether the sink still wants events; once false, the run ends. True by default.
    var wantsMoreEvents: Bool { get }
}

extension ReceiverSink {
    /// Holds nothing.
    public mutating func finish() {}

    /// Always wants more.
    public var wantsMoreEvents: Bool { true }
}
