/// The bytes waiting to be sent to one client, at most `limit` of them.
///
/// The server appends whole lines; the socket takes what it can. A client that falls so far
/// behind that a line does not fit is dropped rather than allowed to grow the queue, so a
/// stuck client costs at most `limit` bytes and never slows the others.
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

    /// Whether `count` more bytes fit.
    func canTake(_ count: Int) -> Bool { self.count + count <= limit }

    /// Queues `bytes` whole; false, queuing nothing, when they do not fit.
    mutating func append(_ bytes: some Collection<UInt8>) -> Bool {
        guard count + bytes.count <= limit else { return false }
        if start > 0 && start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
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
        } else if start > limit {
            // Keep the storage from creeping: move the unsent tail to the front now and then.
            storage.removeFirst(start)
            start = 0
        }
        return true
    }
}
