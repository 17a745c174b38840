/// The events a step of reading produced and the consumer has not taken yet, oldest first;
/// its storage is reused, so a steady stream allocates nothing for it.
package struct EventQueue {
    private var events: [ReceiverEvent] = []
    private var taken = 0

    /// An empty queue.
    package init() {}

    /// Whether every event has been taken.
    package var isEmpty: Bool { taken == events.count }

    /// Queues `event` behind the others.
    package mutating func append(_ event: ReceiverEvent) {
        events.append(event)
    }

    /// The oldest event not yet taken.
    package mutating func take() -> ReceiverEvent? {
        guard taken < events.count else { return nil }
        defer {
            taken += 1
            if taken == events.count {
                events.removeAll(keepingCapacity: true)
                taken = 0
            }
        }
        return events[taken]
    }
}
