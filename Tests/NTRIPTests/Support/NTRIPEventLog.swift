import Locking
import NTRIP

/// The events a client reported, in order, from whatever thread.
final class NTRIPEventLog: Sendable {
    private let log = LockedState<[NTRIPEvent]>([])

    func append(_ event: NTRIPEvent) {
        log.withLock { $0.append(event) }
    }

    var events: [NTRIPEvent] { log.withLock { $0 } }

    /// The outages said, in order.
    var outages: [NTRIPError] {
        events.compactMap { if case .outage(let error) = $0 { error } else { nil } }
    }
}
