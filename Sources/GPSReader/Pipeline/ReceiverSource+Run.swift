extension ReceiverSource {
    /// Pulls `events()` into `sink`: the one loop every source's run goes through, unless the
    /// source hands its events on more directly.
    public func run(into sink: inout some ReceiverSink, isolation actor: isolated (any Actor)? = #isolation) async {
        await pullEvents(into: &sink, isolation: actor)
    }

    /// The loop of `run(into:)`, for a source that runs its own way only in some cases.
    func pullEvents(into sink: inout some ReceiverSink, isolation actor: isolated (any Actor)?) async {
        var events = events().makeAsyncIterator()
        while sink.wantsMoreEvents, let event = await events.next(isolation: actor) {
            sink.receive(event)
        }
        sink.finish()
    }
}
