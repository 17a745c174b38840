import Glibc
import GPSReader
import NTRIP
import POSIXSupport
import Testing
import TestSupport

/// Casters that fail: refused, closing, stalled, sending garbage or trickling. Each outage is
/// said once, with what to do, however many attempts the backoff makes; nothing but whole,
/// valid frames reaches the receiver.
@Suite("NTRIP outages")
struct OutageTests {
    static func client(port: UInt16, link: ReceiverLink, log: NTRIPEventLog, stallTimeout: Duration = .seconds(20)) -> NTRIPClient {
        NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: port, mountpoint: "NEAR"), stallTimeout: stallTimeout,
                backoff: Backoff(initial: .milliseconds(20), maximum: .milliseconds(50))),
            link: link, events: log.append)
    }

    @Test("refused: nothing listens; said once, naming the port")
    func refused() async throws {
        let receiver = try ReceiverUnderTest()
        let log = NTRIPEventLog()
        let run = Task { await Self.client(port: freeLoopbackPort(), link: receiver.link, log: log).run() }
        defer { run.cancel() }
        await eventually("the refusal is said") { !log.outages.isEmpty }
        #expect(log.outages == [.connectionFailed(errno: ECONNREFUSED)])
        // Not log.outages[0]: when the wait above timed out (a loaded machine), an index would crash the suite.
        #expect(log.outages.first.map { "\($0)" }?.contains("check the URL's port (2101 unless given); retrying") == true)
    }

    @Test("closed at once, again and again: one outage, said once, while the backoff keeps trying")
    func closed() async throws {
        let caster = try TestCaster { connection in _ = connection.requestHead() }
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        let log = NTRIPEventLog()
        let run = Task { await Self.client(port: caster.port, link: receiver.link, log: log).run() }
        defer { run.cancel() }
        await eventually("five attempts") { caster.connections >= 5 }
        #expect(log.outages == [.closed])
    }

    @Test("closed at once, on a driven clock: the waits between attempts double from 1 s, one attempt after each, in no real time")
    func backoffOnItsClock() async throws {
        let caster = try TestCaster { connection in _ = connection.requestHead() }
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        let log = NTRIPEventLog()
        let clock = ManualClock()
        let client = NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "NEAR"),
                backoff: Backoff(initial: .seconds(1), maximum: .seconds(60), random: { $0.upperBound }), clock: clock),
            link: receiver.link, events: log.append)
        let run = Task { await client.run() }
        defer { run.cancel() }
        var waits: [Duration] = []
        for attempt in 1...4 {
            guard let deadline = await eventuallyValue("wait \(attempt)", { clock.pendingDeadlines.first }) else { break }
            #expect(caster.connections == attempt, "one attempt before each wait")
            waits.append(deadline - clock.now.offset)
            clock.advance(by: deadline - clock.now.offset)
        }
        #expect(waits == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        #expect(log.outages == [.closed])
    }

    @Test("stalled: the data began, then nothing for the stall timeout; said once, reconnected, and the frames after it arrive")
    func stalled() async throws {
        let frames = SyntheticFrames.make(count: 6)
        let caster = try TestCaster { connection in
            _ = connection.requestHead()
            connection.write(Replies.icy)
            connection.write(frames[connection.number == 1 ? 0 : 1])
            connection.waitForClose()
        }
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let log = NTRIPEventLog()
        let run = Task { await Self.client(port: caster.port, link: receiver.link, log: log, stallTimeout: .seconds(1)).run() }
        defer { run.cancel() }
        // The first connection's frame may be dropped at the reconnection if the receiver had not
        // taken it by then (nothing from before a reconnection is written after it): the frame
        // of the connections after the stall is what must come.
        let written = try await receiver.collect { ReceiverUnderTest.frames(in: $0).frames.contains(frames[1]) }
        let received = ReceiverUnderTest.frames(in: written)
        #expect(received.frames.contains(frames[1]) && received.otherBytes == 0)
        #expect(Set(received.frames).isSubset(of: [frames[0], frames[1]]))
        await eventually("the stall and the return are said") {
            log.events.filter { if case .connected = $0 { true } else { false } }.count >= 2
        }
        #expect(log.outages.first == .stalled(seconds: 1))
    }

    @Test("1 MB of garbage: said once as garbage, and nothing reaches the receiver")
    func garbage() async throws {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<1_048_576).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let caster = try TestCaster { connection in
            _ = connection.requestHead()
            connection.write(Replies.icy)
            connection.write(noise)
            connection.waitForClose()
        }
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let log = NTRIPEventLog()
        let client = Self.client(port: caster.port, link: receiver.link, log: log)
        let run = Task { await client.run() }
        defer { run.cancel() }
        await eventually("the garbage is said") { !log.outages.isEmpty }
        guard case .garbage(let bytes)? = log.outages.first else {
            Issue.record("not garbage: \(log.outages)")
            return
        }
        #expect(bytes > 65_536 && bytes <= 65_536 + 16_384, "judged at the limit, not after the whole megabyte")
        #expect(client.statistics.framesWritten == 0 && client.statistics.framesReceived == 0)
        #expect(try receiver.receiver.unreadByteCount() == 0)
    }

    @Test("a caster that trickles a byte at a time: not a stall, and each frame is written only once whole")
    func trickle() async throws {
        let frames = [BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1230, length: 4)), BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1005, length: 19))]
        let caster = try TestCaster { connection in
            _ = connection.requestHead()
            connection.write(Replies.icy)
            // A test cannot wait for one byte a second: a byte every 50 ms, each its own read,
            // tells the same (whole frames only, and a trickle is not a stall) in 1.7 s.
            for byte in frames.flatMap({ $0 }) {
                guard connection.write([byte]) else { return }
                usleep(50_000)
            }
            connection.waitForClose()
        }
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let log = NTRIPEventLog()
        let run = Task { await Self.client(port: caster.port, link: receiver.link, log: log).run() }
        defer { run.cancel() }
        let written = try await receiver.collect { $0.count >= frames[0].count + frames[1].count }
        #expect(ReceiverUnderTest.frames(in: written) == (frames, 0))
        #expect(log.outages.isEmpty)
    }

    @Test("a caster faster than the receiver: the oldest frames are dropped, counted, and said once; memory stays bounded")
    func bounded() async throws {
        let frames = SyntheticFrames.make(count: 3000)
        let caster = try TestCaster { connection in
            _ = connection.requestHead()
            connection.write(Replies.icy)
            // The head is read alone, and the first read of the body brings 16 KiB of frames, more
            // than the queue holds: the connection's first frames are dropped as it is said to flow.
            usleep(200_000)
            connection.write(frames.flatMap { $0 })
            connection.waitForClose()
        }
        defer { caster.stop() }
        // The receiver's side is never read: its pseudo-terminal fills, and the link stops taking frames.
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let log = NTRIPEventLog()
        let client = NTRIPClient(
            NTRIPClient.Configuration(url: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "NEAR"), queueLimit: 4096,
                                      writeTimeout: .milliseconds(200)),
            link: receiver.link, events: log.append)
        let run = Task { await client.run() }
        defer { run.cancel() }
        await eventually("every frame received") { client.statistics.framesReceived == frames.count }
        let statistics = client.statistics
        #expect(statistics.framesDropped > 0)
        // Said after the count is taken: waited for, then counted.
        await eventually("the drop is said") { log.events.contains(.dropping(queueLimit: 4096)) }
        #expect(log.events.filter { $0 == .dropping(queueLimit: 4096) }.count == 1, "said once")
        #expect(statistics.framesDropped + statistics.framesWritten + statistics.framesUnwritten <= frames.count)
    }
}
