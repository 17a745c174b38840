/// The bytes waiting to be sent to one client, at most `limit` of them.
///
/// The server appends whole lines; the socket takes what it can. A client that falls so far
/// behind that a line does not fit is dropped rather than allowed to grow the queue, so a
/// stuck client costs at most `limit` bytes (the storage's capacity never exceeds it) and never
/// slows the others.
struct OutputQueue {
    /// The most bytes held.
    let limit: Int
    private var storage: [UInt8] = []
    /// Where the bytes not yet sent start in `storage`.
    private var start = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// How many bytes wait.
    var count: Int { storage.count - start }

    var isEmpty: Bool { count == 0 }

    /// How many bytes the storage has room for: at most `limit`, and the few bytes `malloc` rounds
    /// an allocation up by.
    var capacity: Int { storage.capacity }

    /// Whether `count` more bytes fit.
    func canTake(_ count: Int) -> Bool { self.count + count <= limit }

    /// Queues `bytes` whole; false, queuing nothing, when they do not fit.
    mutating func append(_ bytes: some Collection<UInt8>) -> Bool {
        guard count + bytes.count <= limit else { return false }
        if storage.count + bytes.count > storage.capacity {
            // Before growing, move the unsent tail to the front; then grow by doubling, never
            // past `limit`: the storage holds at most `limit` bytes, and takes about as much.
            if start > 0 {
                storage.removeFirst(start)
                start = 0
            }
            if storage.count + bytes.count > storage.capacity {
                storage.reserveCapacity(min(limit, max(2 * storage.capacity, storage.count + bytes.count)))
            }
        }
        storage.append(contentsOf: bytes)
        return true
    }

    /// Offers the waiting bytes to `send`, which returns how many it took (or `nil` on error).
    /// Returns false when `send` failed.
    mutating func drain(_ send: (UnsafeRawBufferPointer) -> Int?) -> Bool {
        guard !isEmpty else { return true }
        let sent = storage.withUnsafeBytes { bytes in send(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
        guard let sent else { return false }
        start += sent
        if start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
        }
        return true
    }
}
