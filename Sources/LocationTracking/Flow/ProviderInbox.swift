import Locking

/// The provider's callbacks on their way to the main actor, bounded whatever the provider's
/// speed: a new event replaces any waiting event of its kind (see `ProviderEvent.Kind`) and goes
/// to the back, so at most one event of each kind waits, in the order of their latest arrival.
///
/// When the main actor keeps up, nothing is replaced and every event is handled in order. When
/// it falls behind (a capture replayed as fast as possible, a busy app), it handles the newest
/// fixes and sky view, the current authorization and the latest error, never a backlog.
final class ProviderInbox: Sendable {
    /// Fires when events wait; a signal already pending absorbs the next, so it never grows.
    let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation
    private let waiting = LockedState<[ProviderEvent]>([])

    init() {
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues an event from any thread.
    func post(_ event: ProviderEvent) {
        waiting.withLock { events in
            events.removeAll { $0.kind == event.kind }
            events.append(event)
        }
        signal.yield()
    }

    /// Takes every waiting event, oldest first.
    func take() -> [ProviderEvent] {
        waiting.withLock { events in
            let taken = events
            events = []
            return taken
        }
    }

    /// How many events wait: at most one per kind.
    var count: Int { waiting.withLock { $0.count } }

    /// Ends `signals`.
    func close() {
        signal.finish()
    }
}
