import Locking

/// The messages waiting for the broker, oldest first, at most `capacity` of them; shared by the
/// producer (a sink on the pipeline's task) and the publishing task. When full, the oldest is
/// dropped and counted: a fleet's newest position matters most. With a spool, a message's file
/// is written before the publishing task can see the message, so the file it removes at the
/// PUBACK is always there to remove.
final class OutboundQueue: Sendable {
    private struct State {
        var messages: [QueuedMessage] = []
        var dropped = 0
        var spoolFailures = 0
    }

    let capacity: Int
    /// How many messages an earlier run left in the spool, queued first.
    let restored: Int
    /// How many of the oldest an earlier run left were dropped (their files removed) to keep
    /// the queue within `capacity`; counted in `dropped` too.
    let droppedAtLoad: Int
    /// How many files an earlier run left in the spool were damaged (cut off by a crash of the
    /// machine), of an older format or larger than any message, and deleted.
    let rejectedAtLoad: Int
    /// What the spool held at start that it did not write, or that is another topic's: left there.
    let leftInSpoolAtLoad: [SpoolLeftover]
    private let spool: MessageSpool?
    private let state: LockedState<State>
    /// The next message's sequence; held for a whole `append` (its file, `fsync`ed, then its
    /// place in the queue), so producers append one at a time, in sequence order, while the
    /// publishing task takes only `state`'s lock and never waits for an `fsync`: its own disk
    /// work (the sent mark's one-byte write, the unlink at the PUBACK) is unsynced, taken by the
    /// kernel's page cache.
    private let nextSequence: LockedState<UInt64>

    /// A queue; with `spool`, what an earlier run left there for the spool's topic comes first,
    /// its newest `capacity` messages (the older ones are dropped, as a full queue drops them).
    /// New messages are numbered after every file of the spool's, whatever its topic.
    init(capacity: Int, spool: MessageSpool?) {
        self.capacity = max(1, capacity)
        self.spool = spool
        var initial = State()
        var next: UInt64 = 0
        var rejected = 0
        var leftAlone: [SpoolLeftover] = []
        if let spool {
            let contents = spool.load()
            initial.messages = contents.messages
            rejected = contents.rejected
            leftAlone = contents.leftAlone
            next = contents.nextSequence
            let excess = max(0, initial.messages.count - self.capacity)
            for message in initial.messages.prefix(excess) { spool.remove(message.sequence) }
            initial.messages.removeFirst(excess)
            initial.dropped = excess
        }
        droppedAtLoad = initial.dropped
        rejectedAtLoad = rejected
        leftInSpoolAtLoad = leftAlone
        restored = initial.messages.count
        state = LockedState(initial)
        nextSequence = LockedState(next)
    }

    /// Queues `message` behind the others, on disk first when there is a spool; returns whether
    /// one was dropped to make room.
    func append(_ message: MQTTMessage) -> Bool {
        nextSequence.withLock { next in
            let queued = QueuedMessage(sequence: next, message: message, wasSent: false)
            next += 1
            let isStored = spool.map { (try? $0.store(queued).get()) != nil } ?? true
            let dropped = state.withLock { state -> QueuedMessage? in
                if !isStored { state.spoolFailures += 1 }
                state.messages.append(queued)
                guard state.messages.count > capacity else { return nil }
                state.dropped += 1
                return state.messages.removeFirst()
            }
            if let dropped { spool?.remove(dropped.sequence) }
            return dropped != nil
        }
    }

    /// The oldest message after `sequence` (after none: `nil`), to send next.
    func first(after sequence: UInt64?) -> QueuedMessage? {
        state.withLock { state in
            guard let sequence else { return state.messages.first }
            return state.messages.first { $0.sequence > sequence }
        }
    }

    /// Marks the message as possibly sent, just before its first PUBLISH is written (in the
    /// spool too): a resend, by this run or the next, sets DUP.
    func markSent(_ sequence: UInt64) {
        setSent(sequence, to: true)
    }

    /// Takes the mark back after a PUBLISH whose write failed (the broker cannot hold a packet
    /// it did not get whole), so its next send goes with DUP clear and is not counted as resent.
    func unmarkSent(_ sequence: UInt64) {
        setSent(sequence, to: false)
    }

    private func setSent(_ sequence: UInt64, to wasSent: Bool) {
        let changed = state.withLock { state -> QueuedMessage? in
            guard let index = state.messages.firstIndex(where: { $0.sequence == sequence }),
                  state.messages[index].wasSent != wasSent else { return nil }
            state.messages[index].wasSent = wasSent
            return state.messages[index]
        }
        if let changed { spool?.setSent(changed) }
    }

    /// The broker has the message: it leaves the queue (and the spool).
    func remove(_ sequence: UInt64) {
        let removed = state.withLock { state in
            guard let index = state.messages.firstIndex(where: { $0.sequence == sequence }) else { return false }
            state.messages.remove(at: index)
            return true
        }
        if removed { spool?.remove(sequence) }
    }

    /// How many messages wait.
    var count: Int { state.withLock { $0.messages.count } }

    /// How many were dropped because the queue was full, at load included.
    var dropped: Int { state.withLock { $0.dropped } }

    /// How many could not be written to the spool (kept in memory only).
    var spoolFailures: Int { state.withLock { $0.spoolFailures } }
}
