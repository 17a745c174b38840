import Glibc
import GPSReader
import NTRIP
import POSIXSupport
import Testing
import TestSupport

/// NTRIP 2.0, which no caster in Debian serves: a caster in the test answers `HTTP/1.1 200 OK`
/// and chunks the frames (chunks split across writes, with extensions, the zero chunk last).
@Suite("NTRIP 2.0 chunked caster")
struct ChunkedCasterTests {
    @Test("every frame reaches the receiver whole, whatever the chunks; the zero chunk ends the stream, said once")
    func chunked() async throws {
        let frames = SyntheticFrames.make(count: 60)
        let body = Replies.chunked(frames.flatMap { $0 }, size: 97)
        let caster = try TestCaster { connection in
            let head = connection.requestHead()
            guard connection.number == 1, head.contains("Ntrip-Version: Ntrip/2.0") else { return connection.waitForClose() }
            connection.write(Replies.http2)
            // Odd pieces, so chunk sizes, extensions and data straddle reads.
            for start in stride(from: 0, to: body.count, by: 37) {
                guard connection.write(body[start..<min(start + 37, body.count)]) else { return }
                usleep(200)
            }
            connection.waitForClose()
        }
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let log = NTRIPEventLog()
        let client = NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "NEAR"),
                backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(100))),
            link: receiver.link, events: log.append)
        let run = Task { await client.run() }
        defer { run.cancel() }
        let expected = frames.reduce(0) { $0 + $1.count }
        let written = try await receiver.collect { $0.count >= expected }
        let received = ReceiverUnderTest.frames(in: written)
        #expect(firstDifference(received.frames, from: frames) == nil)
        #expect(received.otherBytes == 0)
        await eventually("the end of the stream is said") { log.outages == [.closed] }
        #expect(log.events.first == .connected(client.configuration.url, version: .two))
        await eventually("the client came back after the zero chunk") { caster.connections >= 3 }
        #expect(log.outages == [.closed], "one outage, said once, however many attempts")
    }
}
