extension AppLocationManager {
    /// The fixes the screen receives, as an `AsyncSequence`: `for await location in manager.locations`.
    ///
    /// Each access makes a new, independent sequence that yields every fix delivered to the
    /// screen from then on (same filtering, same tracking mode; use `.continuous` to keep them
    /// coming). It does not start tracking. It ends when the iterating task is cancelled or the
    /// manager is deallocated. Buffering is bounded: a consumer slower than the receiver loses
    /// the oldest fixes, and at most the 16 newest wait.
    public var locations: AsyncStream<Location> {
        locationSubscribers.subscribe()
    }

    /// The changes of `state`, as an `AsyncSequence`, starting with the state as it is now.
    ///
    /// Each access makes a new, independent sequence. It ends when the iterating task is
    /// cancelled or the manager is deallocated. A consumer slower than the changes loses the
    /// oldest: at most the 16 newest wait.
    public var states: AsyncStream<LocationState> {
        stateSubscribers.subscribe(startingWith: state)
    }
}
