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

/// Several sinks hearing the same events, in the order given.
public struct ReceiverSinks: ReceiverSink {
    /// The sinks.
    public var sinks: [any ReceiverSink]

    /// The sinks, each to hear every event in this order.
    public init(_ sinks: [any ReceiverSink]) {
        self.sinks = sinks
    }

    /// Hands `event` to each sink.
    public mutating func receive(_ event: ReceiverEvent) {
        for index in sinks.indices { sinks[index].receive(event) }
    }

    /// Finishes each sink.
    public mutating func finish() {
        for index in sinks.indices { sinks[index].finish() }
    }

    /// While every sink wants more.
    public var wantsMoreEvents: Bool {
        sinks.allSatisfy(\.wantsMoreEvents)
    }
}

extension ReceiverSource {
    /// Pulls `events()` into `sink`: the one loop every source's run goes through, unless the
    /// source hands its events on more directly.
    public func run(into sink: inout some ReceiverSink, isolation actor: isolated (any Actor)? = #isolation) async {
        var events = events().makeAsyncIterator()
        while sink.wantsMoreEvents, let event = await events.next(isolation: actor) {
            sink.receive(event)
        }
        sink.finish()
    }
}
