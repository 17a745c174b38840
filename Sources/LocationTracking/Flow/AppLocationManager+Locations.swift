extension AppLocationManager {
    /// The fixes the screen receives, as an `AsyncSequence`: `for await location in manager.locations`.
    ///
    /// Each access makes a new, independent sequence that yields every fix delivered to the
    /// screen from then on (same filtering, same tracking mode; use `.continuous` to keep them
    /// coming). It does not start tracking. It ends when the iterating task is cancelled or the
    /// manager is deallocated. A consumer slower than the receiver loses the oldest fixes: at
    /// most the 16 newest wait.
    public var locations: AsyncStream<Location> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Location.self, bufferingPolicy: .bufferingNewest(16))
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }
}
