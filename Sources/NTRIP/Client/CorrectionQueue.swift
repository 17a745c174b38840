import Locking

/// The frames received and not yet written to the receiver, at most `limit` bytes of them: the
/// connection's reader pushes, the writer pops, and a receiver slower than the caster costs the
/// oldest frames, never memory.
///
/// Each frame carries the connection it came on: `startConnection()` drops what an earlier one
/// left, so no frame received before a reconnection begins to be written after it. The one
/// frame the writer holds when the reconnection comes (popped, its write begun) is finished.
final class CorrectionQueue: Sendable {
    /// A frame and when its last byte arrived.
    struct Frame: Sendable {
        var bytes: [UInt8]
        var arrival: ContinuousClock.Instant
        var connection: Int
    }

    /// The most bytes held.
    let limit: Int
    private let state = LockedState(State())
    private let doorbell: AsyncStream<Void>.Continuation
    /// Rings once per push (at most one ring waits): the writer's wake-up.
    let rings: AsyncStream<Void>

    private struct State {
        var frames: [Frame] = []
        var head = 0
        var bytes = 0
        var connection = 0
    }

    init(limit: Int) {
        self.limit = limit
        (rings, doorbell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// A new connection's frames begin: what is still queued is dropped.
    ///
    /// - Returns: How many frames were dropped.
    func startConnection() -> Int {
        state.withLock { state in
            let dropped = state.frames.count - state.head
            state.frames.removeAll()
            state.head = 0
            state.bytes = 0
            state.connection += 1
            return dropped
        }
    }

    /// Queues `bytes`, dropping the oldest frames until it fits.
    ///
    /// - Returns: How many frames were dropped.
    func push(_ bytes: [UInt8], arrival: ContinuousClock.Instant) -> Int {
        let dropped = state.withLock { state in
            var dropped = 0
            while state.bytes + bytes.count > limit, state.head < state.frames.count {
                state.bytes -= state.frames[state.head].bytes.count
                state.head += 1
                dropped += 1
            }
            if state.head > 64, state.head * 2 > state.frames.count {
                state.frames.removeFirst(state.head)
                state.head = 0
            }
            state.frames.append(Frame(bytes: bytes, arrival: arrival, connection: state.connection))
            state.bytes += bytes.count
            return dropped
        }
        doorbell.yield()
        return dropped
    }

    /// The oldest frame of the current connection, if any; frames of earlier ones are dropped.
    func pop() -> Frame? {
        state.withLock { state in
            while state.head < state.frames.count {
                let frame = state.frames[state.head]
                state.head += 1
                state.bytes -= frame.bytes.count
                if state.head == state.frames.count {
                    state.frames.removeAll(keepingCapacity: true)
                    state.head = 0
                }
                if frame.connection == state.connection { return frame }
            }
            return nil
        }
    }

    /// Ends `rings`: the writer stops once it has seen the last.
    func close() {
        doorbell.finish()
    }
}
