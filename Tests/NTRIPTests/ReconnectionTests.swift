import GPSReader
import NTRIP
import POSIXSupport
import Testing
import TestSupport

/// A reconnection ends what the connection before it sent: frames of the first connection still
/// waiting for the receiver when the second one begins are discarded and counted, never written
/// after it.
@Suite("NTRIP reconnection")
struct ReconnectionTests {
    @Test("frames still queued when the caster drops are discarded at the reconnection, counted; then only the new connection's reach the receiver")
    func noStaleCorrections() async throws {
        // About 390 KB: far more than a pseudo-terminal holds unread (about 68 KB), so most of
        // the first connection's frames are still in the client's queue when it ends.
        let first = SyntheticFrames.make(count: 3000)
        let second = (0..<5).map { BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1019, length: 40 + $0)) }
        let caster = try TestCaster { connection in
            _ = connection.requestHead()
            connection.write(Replies.icy)
            if connection.number == 1 {
                // Every frame, then the close: the client reads them all before it sees the end.
                for frame in first { guard connection.write(frame) else { return } }
            } else {
                for frame in second { guard connection.write(frame) else { return } }
                connection.waitForClose()
            }
        }
        defer { caster.stop() }
        // The receiver's side is not read until the second connection began: its pseudo-terminal
        // fills and holds the client's writes back (the write timeout is far beyond the test's).
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let client = NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "NEAR"), queueLimit: 1 << 20,
                writeTimeout: .seconds(120), backoff: Backoff(initial: .milliseconds(20), maximum: .milliseconds(50))),
            link: receiver.link)
        let run = Task { await client.run() }
        defer { run.cancel() }
        await eventually("the second connection began") { client.statistics.connections == 2 }
        let discarded = client.statistics.framesDiscardedAtReconnect
        #expect(discarded > 0, "the receiver was not draining: frames of the first connection were still queued")

        let written = try await receiver.collect { ReceiverUnderTest.frames(in: $0).frames.suffix(second.count) == second[...] }
        let received = ReceiverUnderTest.frames(in: written)
        #expect(received.otherBytes == 0, "only whole frames")
        // The first connection's frames up to the reconnection (the last of them may have been
        // half written when it came, and is finished whole), then the second's: none discarded
        // is written, and nothing else is lost.
        let fromFirst = max(0, received.frames.count - second.count)
        #expect(firstDifference(received.frames, from: Array(first.prefix(fromFirst)) + second) == nil)
        #expect(fromFirst + discarded == first.count)
        await eventually("every frame written is counted") { client.statistics.framesWritten == received.frames.count }
        let statistics = client.statistics
        #expect(statistics.framesReceived == first.count + second.count)
        #expect(statistics.framesDropped == 0 && statistics.framesUnwritten == 0)
        #expect(statistics.framesDiscardedAtReconnect == discarded, "discarded at the reconnection alone")
    }
}
