/// The events of one run of a `ReceiverSource`, pulled: the source reads only as fast as the
/// consumer takes events, so a slow consumer leaves bytes in the kernel (a device) or the file
/// (a capture) and memory stays bounded.
public struct ReceiverEvents: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = ReceiverEvent
    /// Reading never throws: failures are `.failed` events.
    public typealias Failure = Never

    private let makeReader: @Sendable () -> any ReceiverEventReader

    /// Events read by a new `reader` for each iteration.
    public init(_ makeReader: @escaping @Sendable () -> any ReceiverEventReader) {
        self.makeReader = makeReader
    }

    /// A new run of reading.
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: makeReader())
    }

    /// Iterates one run.
    public struct Iterator: AsyncIteratorProtocol {
        private var reader: any ReceiverEventReader

        init(reader: any ReceiverEventReader) {
            self.reader = reader
        }

        /// The next event, on the caller's actor; `nil` at the end.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> ReceiverEvent? {
            await reader.next(isolation: actor)
        }

        /// The next event; see `next(isolation:)`.
        public mutating func next() async -> ReceiverEvent? {
            await reader.next(isolation: nil)
        }
    }
}
