import Locking

/// The provider's callbacks on their way to the main actor, bounded whatever the provider's
/// speed: a new event replaces any waiting event of its kind (see `ProviderEvent.Kind`) and goes
/// to the back, so at most one event of each kind waits, in the order of their latest arrival.
///
/// When the main actor keeps up, nothing is replaced and every event is handled in order. When
/// it falls behind (a capture replayed as fast as possible, a busy app), it handles the newest
/// fixes and sky view, the current authorization and the latest error, never a backlog.
///
/// A post says whether the consumer must be woken: only the first event after a drain does,
/// so a burst of callbacks costs one hop to the main actor, not one per callback.
final class ProviderInbox: Sendable {
    private struct Contents {
        var events: [ProviderEvent] = []
        /// Whether a drain is due: set by the post that needs one, cleared by `take()`.
        var isDrainDue = false
        var isClosed = false
    }

    private let contents = LockedState(Contents())

    /// Queues an event from any thread; true when no drain is due yet, so the caller must
    /// schedule one. False once closed.
    func post(_ event: ProviderEvent) -> Bool {
        contents.withLock { contents in
            guard !contents.isClosed else { return false }
            contents.events.removeAll { $0.kind == event.kind }
            contents.events.append(event)
            defer { contents.isDrainDue = true }
            return !contents.isDrainDue
        }
    }

    /// Takes every waiting event, oldest first; the next post schedules a drain again.
    func take() -> [ProviderEvent] {
        contents.withLock { contents in
            let taken = contents.events
            contents.events = []
            contents.isDrainDue = false
            return taken
        }
    }

    /// How many events wait: at most one per kind.
    var count: Int { contents.withLock { $0.events.count } }

    /// Refuses further posts.
    func close() {
        contents.withLock { $0.isClosed = true }
    }
}
