import Locking
import MQTT

/// The events a publisher reported, in order, from whatever thread.
final class EventLog: Sendable {
    private let log = LockedState<[PublisherEvent]>([])

    func append(_ event: PublisherEvent) {
        log.withLock { $0.append(event) }
    }

    var events: [PublisherEvent] { log.withLock { $0 } }
}
