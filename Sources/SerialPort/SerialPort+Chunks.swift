extension SerialPort {
    /// The bytes arriving on the port, as chunks in the order received.
    ///
    /// Each chunk holds what one `read` returned (1 to `maximumLength` bytes), so chunk
    /// boundaries fall anywhere, mid-sentence included. What the kernel holds is read at once;
    /// otherwise the reader waits on the `EventLoop` (its `poll` thread), holding no thread of
    /// its own nor the caller's executor, and costs no CPU while idle.
    ///
    /// The sequence ends (returns `nil`) when the iterating task is cancelled or the port is
    /// closed; it throws `.disconnected` when the device goes away. Bytes the program has not
    /// asked for yet wait in the kernel, so a slow consumer loses nothing until the driver's
    /// buffer fills. To learn also when the line falls silent, iterate
    /// `arrivals(maximumLength:quietInterval:)` instead.
    ///
    /// - Parameter maximumLength: The largest chunk, in bytes; 4096 by default.
    public func chunks(maximumLength: Int = 4096) -> Chunks {
        Chunks(port: self, maximumLength: max(1, maximumLength))
    }

    /// An asynchronous sequence of byte chunks read from a port; see `SerialPort.chunks(maximumLength:)`.
    public struct Chunks: AsyncSequence, Sendable {
        /// Bytes from one read, never empty.
        public typealias Element = [UInt8]
        /// Reading fails only with a `SerialPortError`.
        public typealias Failure = SerialPortError

        let port: SerialPort
        let maximumLength: Int

        /// A new iterator; each iterator reads on its own, so iterate one at a time.
        public func makeAsyncIterator() -> Iterator {
            Iterator(port: port, maximumLength: maximumLength)
        }

        /// Reads chunks for one `for try await` loop.
        public struct Iterator: AsyncIteratorProtocol {
            /// Arrivals without a quiet interval: bytes only.
            private var arrivals: Arrivals.Iterator

            init(port: SerialPort, maximumLength: Int) {
                arrivals = Arrivals.Iterator(port: port, maximumLength: maximumLength, quietInterval: nil)
            }

            /// The next chunk; `nil` once the task is cancelled or the port closed.
            public mutating func next() async throws(SerialPortError) -> [UInt8]? {
                try await next(isolation: nil)
            }

            /// The next chunk; `nil` once the task is cancelled or the port closed.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(SerialPortError) -> [UInt8]? {
                // Without a quiet interval nothing but bytes arrives.
                guard case .bytes(let chunk)? = try await arrivals.next(isolation: actor) else { return nil }
                return chunk
            }
        }
    }
}
