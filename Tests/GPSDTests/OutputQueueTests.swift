@testable import GPSD
import Testing

/// `OutputQueue`: one client's bytes waiting to be sent, bounded in what it holds and in the
/// memory it takes.
@Suite("A client's output queue")
struct OutputQueueTests {
    @Test("a line that does not fit is refused whole; what fits is sent in order")
    func bound() {
        var queue = OutputQueue(limit: 10)
        let first = queue.append(Array("abcdef".utf8))
        let tooLong = queue.append(Array("ghijk".utf8))
        #expect(first && !tooLong && queue.count == 6)
        var sent: [UInt8] = []
        let partly = queue.drain { bytes in sent += bytes.prefix(4); return 4 }
        let second = queue.append(Array("ghijk".utf8))
        let rest = queue.drain { bytes in sent += bytes; return bytes.count }
        #expect(partly && second && rest && queue.isEmpty)
        #expect(String(decoding: sent, as: UTF8.self) == "abcdefghijk")
    }

    @Test("a client that reads a little at a time never makes the storage outgrow the limit")
    func storageStaysWithinTheLimit() {
        let limit = 64 * 1024
        var queue = OutputQueue(limit: limit)
        let line = [UInt8](repeating: 0x41, count: 700)
        var largest = 0, failures = 0
        for round in 0..<5_000 {
            while queue.append(line) {}
            if !queue.drain({ bytes in min(bytes.count, 300 + round % 900) }) { failures += 1 }
            largest = max(largest, queue.capacity)
        }
        #expect(failures == 0)
        // malloc rounds the last allocation up by a few bytes; doubling past the limit would be 128 KiB.
        #expect(largest <= limit + 64, "\(largest) bytes")
    }

    @Test("a send that fails is false, and the bytes stay queued")
    func failedSend() {
        var queue = OutputQueue(limit: 100)
        _ = queue.append(Array("x\n".utf8))
        let drained = queue.drain { _ in nil }
        #expect(!drained && queue.count == 2)
    }
}
