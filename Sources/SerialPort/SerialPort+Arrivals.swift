import GNSS
extension SerialPort {
    /// What `arrivals(maximumLength:quietInterval:)` yields: bytes, or word that none came for
    /// a while.
    public enum Arrival: Hashable, Sendable {
        /// Bytes from one `read`, never empty, as `chunks(maximumLength:)` yields them.
        case bytes([UInt8])
        /// No byte arrived for the quiet interval after the last bytes. A receiver sends each
        /// epoch as one burst, so the burst is over.
        case quiet
    }

    /// The bytes arriving on the port, as `chunks(maximumLength:)` gives them, and a `.quiet`
    /// each time the line falls silent after bytes.
    ///
    /// `.quiet` comes once per silence: when no byte has arrived for `quietInterval` since the
    /// last bytes were read. The wait then goes on in `poll` with no deadline, so a silence of
    /// any length costs one wake-up, never one per interval; nothing is reported before the
    /// first bytes. A consumer slower than `quietInterval` gets the bytes waiting first and
    /// `.quiet` only when the kernel has none left. Ending, cancellation and errors are those of
    /// `chunks(maximumLength:)`.
    ///
    /// Choose an interval longer than any pause inside a burst: at 4800 baud a character takes
    /// about 2 ms and a burst never pauses, whatever its length.
    ///
    /// - Parameters:
    ///   - maximumLength: The largest chunk, in bytes; 4096 by default.
    ///   - quietInterval: How long the line must stay silent after bytes to count as quiet; at
    ///     least 1 ms (`poll`'s resolution), a shorter interval is taken as 1 ms.
    public func arrivals(maximumLength: Int = 4096, quietInterval: Duration) -> Arrivals {
        Arrivals(port: self, maximumLength: max(1, maximumLength), quietInterval: max(.milliseconds(1), quietInterval))
    }

    /// An asynchronous sequence of byte chunks and quiet spells read from a port; see
    /// `SerialPort.arrivals(maximumLength:quietInterval:)`.
    public struct Arrivals: AsyncSequence, Sendable {
        /// Bytes from one read, or a quiet line.
        public typealias Element = Arrival
        /// Reading fails only with a `SerialPortError`.
        public typealias Failure = SerialPortError

        let port: SerialPort
        let maximumLength: Int
        let quietInterval: Duration

        /// A new iterator; each iterator reads on its own, so iterate one at a time.
        public func makeAsyncIterator() -> Iterator {
            Iterator(port: port, maximumLength: maximumLength, quietInterval: quietInterval)
        }

        /// Reads chunks and quiet spells for one `for try await` loop.
        public struct Iterator: AsyncIteratorProtocol {
            private let port: SerialPort
            private let maximumLength: Int
            /// `nil` for `chunks(maximumLength:)`, whose iterator this is too: bytes only.
            private let quietInterval: Duration?
            private var reader: ChunkReader?
            /// When the line counts as quiet; `nil` before the first bytes and after a `.quiet`.
            private var quietDeadline: ContinuousClock.Instant?
            private var isFinished = false
            /// The system time the last `.bytes` arrived by: taken on the event loop's thread as
            /// soon as its `poll` saw them ready, before the reading task resumed, so it is when
            /// they arrived, give or take the kernel's wake-up (tens of microseconds on an idle
            /// machine). Bytes already waiting when the reader asked are stamped when their `read`
            /// returned. `nil` before the first bytes.
            public private(set) var lastArrivalTime: GNSS.SystemTime?

            init(port: SerialPort, maximumLength: Int, quietInterval: Duration?) {
                self.port = port
                self.maximumLength = maximumLength
                self.quietInterval = quietInterval
            }

            /// The next chunk or quiet spell; `nil` once the task is cancelled or the port closed.
            public mutating func next() async throws(SerialPortError) -> Arrival? {
                try await next(isolation: nil)
            }

            /// The next chunk or quiet spell; `nil` once the task is cancelled or the port closed.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(SerialPortError) -> Arrival? {
                guard !isFinished else { return nil }
                do throws(SerialPortError) {
                    let reader: ChunkReader
                    if let existing = self.reader {
                        reader = existing
                    } else {
                        reader = ChunkReader(port: port, maximumLength: maximumLength)
                        self.reader = reader
                    }
                    let next = try await reader.next(quietAt: quietDeadline)
                    let arrival = next?.0
                    if let receivedAt = next?.1 { lastArrivalTime = receivedAt }
                    switch arrival {
                    case .bytes?: quietDeadline = quietInterval.map { ContinuousClock.now.advanced(by: $0) }
                    case .quiet?: quietDeadline = nil
                    case nil: finish()
                    }
                    return arrival
                } catch {
                    finish()
                    throw error
                }
            }

            /// Waives the `.quiet` due for the bytes read so far: the consumer knows their burst
            /// is complete, so the silence after it costs no wake-up. The next bytes arm it again.
            public mutating func waiveQuiet() {
                quietDeadline = nil
            }

            private mutating func finish() {
                isFinished = true
                reader = nil
            }
        }
    }
}
