import GPSReader
import LocationTracking
import NTRIP
import POSIXSupport
import Testing
import TestSupport

/// A caster's refusals, said plainly: credentials (right, wrong, none), a mountpoint that does
/// not exist (an NTRIP 1.0 source table instead of data, a 2.0 404), with the nearest named.
@Suite("NTRIP refusals")
struct RefusalTests {
    /// A caster that wants alice:s3cret for NEAR, and sends the source table for anything else.
    static func caster(frames: [[UInt8]], notFound: [UInt8] = Replies.sourceTable) throws -> TestCaster {
        try TestCaster { connection in
            let head = connection.requestHead()
            if head.hasPrefix("GET / ") {
                connection.write(Replies.sourceTable)
            } else if !head.hasPrefix("GET /NEAR ") {
                connection.write(notFound)
            } else if !head.contains("Authorization: Basic YWxpY2U6czNjcmV0\r\n") {
                connection.write(Replies.unauthorized)
            } else {
                connection.write(Replies.icy)
                for frame in frames { connection.write(frame) }
                connection.waitForClose()
            }
        }
    }

    static func client(_ url: NTRIPURL, link: ReceiverLink, log: NTRIPEventLog) -> NTRIPClient {
        NTRIPClient(
            NTRIPClient.Configuration(url: url, backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(100))),
            link: link, events: log.append)
    }

    @Test("the right credentials get the frames; wrong ones and none are 401s that say what to put in the URL")
    func credentials() async throws {
        let frames = SyntheticFrames.make(count: 12)
        let caster = try Self.caster(frames: frames)
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let right = NTRIPEventLog(), wrong = NTRIPEventLog(), none = NTRIPEventLog()
        let runs = [
            (NTRIPURL(host: "127.0.0.1", port: caster.port, username: "alice", password: "s3cret", mountpoint: "NEAR"), right),
            (NTRIPURL(host: "127.0.0.1", port: caster.port, username: "alice", password: "guess", mountpoint: "NEAR"), wrong),
            (NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "NEAR"), none),
        ].map { url, log in
            let client = Self.client(url, link: receiver.link, log: log)
            return Task { await client.run() }
        }
        defer { for run in runs { run.cancel() } }
        let expected = frames.reduce(0) { $0 + $1.count }
        #expect(firstDifference(ReceiverUnderTest.frames(in: try await receiver.collect { $0.count >= expected }).frames, from: frames) == nil)
        await eventually("both refusals are said") { !wrong.outages.isEmpty && !none.outages.isEmpty }
        #expect(wrong.outages == [.unauthorized(sentCredentials: true)])
        #expect(none.outages == [.unauthorized(sentCredentials: false)])
        #expect("\(NTRIPError.unauthorized(sentCredentials: false))".contains("ntrip://USER:PASS@HOST/MOUNT"))
        #expect(right.outages.isEmpty)
    }

    @Test("NTRIP 1.0: the source table instead of data is a mountpoint that does not exist, the nearest in spelling named")
    func sourceTableInstead() async throws {
        let caster = try Self.caster(frames: [])
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        let log = NTRIPEventLog()
        let run = Task { await Self.client(NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "MUNCH"), link: receiver.link, log: log).run() }
        defer { run.cancel() }
        await eventually("the missing mountpoint is said") { !log.outages.isEmpty }
        #expect(log.outages.first == .noSuchMountpoint("MUNCH", nearest: ["MUNICH", "MUNICH2", "BERLIN"]))
        #expect(log.outages.first.map { "\($0)" } == "the caster has no mountpoint MUNCH; nearest: MUNICH, MUNICH2, BERLIN. "
            + "`gps ntrip ntrip://HOST[:PORT]/` lists them all")
    }

    @Test("NTRIP 2.0: a 404 is a mountpoint that does not exist; with the receiver's fix, the nearest by distance named")
    func notFound() async throws {
        let caster = try Self.caster(frames: [], notFound: Replies.notFound)
        defer { caster.stop() }
        let receiver = try ReceiverUnderTest()
        let log = NTRIPEventLog()
        let client = Self.client(NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "BRLN"), link: receiver.link, log: log)
        client.receiverFix(Location(
            coordinate: Coordinate(latitude: 52.5, longitude: 13.4), quality: .gps, mode: .threeDimensional, status: .valid))
        let run = Task { await client.run() }
        defer { run.cancel() }
        await eventually("the missing mountpoint is said") { !log.outages.isEmpty }
        #expect(log.outages.first == .noSuchMountpoint("BRLN", nearest: ["BERLIN", "MUNICH", "MUNICH2"]))
    }

    @Test("gps ntrip's table: the caster's source table, read whole")
    func table() async throws {
        let caster = try Self.caster(frames: [])
        defer { caster.stop() }
        let table = try await NTRIPClient.sourceTable(of: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: ""))
        #expect(table.entries.map(\.mountpoint) == ["MUNICH", "MUNICH2", "BERLIN"])
    }
}
