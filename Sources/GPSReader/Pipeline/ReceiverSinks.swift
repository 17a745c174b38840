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
        // By index: asked at every epoch, and `allSatisfy` would copy each sink out to ask it.
        for index in sinks.indices where !sinks[index].wantsMoreEvents { return false }
        return true
    }
}
