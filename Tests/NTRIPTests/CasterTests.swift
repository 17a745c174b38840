import Foundation
import Glibc
import GPSReader
import LocationTracking
import NTRIP
import POSIXSupport
import Testing
import TestSupport

/// The base station's end: our caster served to RTKLIB's NTRIP client, to our own client over
/// NTRIP 2.0, and to a client that stops reading, which is dropped rather than slowing the others.
///
/// Each caster runs on a thread of its own: the whole suite can keep the cooperative pool's
/// threads for seconds, longer than a client waits for an answer.
@Suite("NTRIP caster")
struct CasterTests {
    @Test("str2str as a client (NTRIP 1.0, with credentials) gets every frame the receiver sent, byte for byte")
    func rtklibClient() async throws {
        guard let str2str = Subprocess.find("str2str") else {
            print(RTKLIBCaster.missingMessage)
            return
        }
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return
        }
        let caster = try NTRIPCaster(
            host: "127.0.0.1", port: 0, configuration: .init(mountpoint: "BASE", username: "base", password: "pw"))
        // On a thread of its own: str2str gives up on a caster that has not answered in 10 s and
        // connects again after another 10, and the whole suite can keep the cooperative pool's
        // threads that long, so that the frames went to the connection it had given up.
        let serving = detachedOnThreadOfItsOwn(named: "caster") { await caster.run() }
        defer { serving.cancel() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rtcm-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        // Its standard error (its connection's state, each second) goes into the failure message.
        let client = try Spawned(str2str, ["-in", "ntrip://base:pw@127.0.0.1:\(caster.port)/BASE", "-out", "file://\(output)"],
                                 mergingStandardError: true)
        defer { client.signal(SIGKILL) }
        await eventually("str2str is served") { caster.statistics.streamingClients == 1 }
        for frame in frames { caster.broadcast(frame) }
        let expected = frames.flatMap { $0 }
        await eventually("str2str wrote every frame") {
            (FileManager.default.contents(atPath: output)?.count ?? 0) >= expected.count
        }
        #expect(FileManager.default.contents(atPath: output).map(Array.init) == expected,
                "caster: \(caster.statistics); str2str: \(client.output.suffix(2000))")
        #expect(caster.statistics.refusedClients == 0)
    }

    @Test("our client over NTRIP 2.0 gets every frame while a client that stops reading is dropped; wrong credentials are a 401")
    func chunkedAndSlow() async throws {
        let caster = try NTRIPCaster(
            host: "127.0.0.1", port: 0, configuration: .init(mountpoint: "BASE", username: "base", password: "pw", clientQueueLimit: 32_768))
        let serving = detachedOnThreadOfItsOwn(named: "caster") { await caster.run() }
        defer { serving.cancel() }
        // The stalled client: asks for the stream, then never reads.
        let stalled = try TestClient(port: caster.port)
        stalled.shrinkReceiveBuffer()
        stalled.send("GET /BASE HTTP/1.0\r\nAuthorization: Basic YmFzZTpwdw==\r\n\r\n")
        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        let log = NTRIPEventLog()
        let client = NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: caster.port, username: "base", password: "pw", mountpoint: "BASE"),
                queueLimit: 1 << 20),
            link: receiver.link, events: log.append)
        let run = Task { await client.run() }
        defer { run.cancel() }
        await eventually("both clients are served") { caster.statistics.streamingClients == 2 }
        let frames = SyntheticFrames.make(count: 1500)
        let reading = Task { try await receiver.collect { $0.count >= frames.reduce(0) { $0 + $1.count } } }
        // Our client is let catch up every 100 frames (however loaded the machine): the stalled
        // one's backlog grows past its limit all the same.
        for (index, frame) in frames.enumerated() {
            caster.broadcast(frame)
            if index % 100 == 99 {
                await eventually("our client keeps up") { client.statistics.framesWritten > index - 100 }
            }
        }
        let written = try await reading.value
        #expect(firstDifference(ReceiverUnderTest.frames(in: written).frames, from: frames) == nil, "every frame, whole, in order")
        #expect(log.events.first == .connected(client.configuration.url, version: .two))
        #expect(caster.statistics.droppedSlowClients == 1, "the stalled client, dropped")
        #expect(await stalled.isClosedByServer())

        let wrong = try TestClient(port: caster.port)
        wrong.send("GET /BASE HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nAuthorization: Basic YmFzZTp4\r\n\r\n")
        #expect(await wrong.line() == "HTTP/1.1 401 Unauthorized")
    }

    @Test("the source table names the mountpoint and the message types sent; 2.0 gets a 404 for another mountpoint")
    func sourceTable() async throws {
        let caster = try NTRIPCaster(host: "127.0.0.1", port: 0, configuration: .init(mountpoint: "BASE"))
        let serving = detachedOnThreadOfItsOwn(named: "caster") { await caster.run() }
        defer { serving.cancel() }
        for frame in SyntheticFrames.make(count: 6) { caster.broadcast(frame) }
        let table = try await NTRIPClient.sourceTable(of: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: ""))
        #expect(table.entries.map(\.mountpoint) == ["BASE"])
        #expect(table.entries.first?.messageTypes == [1005, 1077, 1087, 1097, 1127, 1230])
        let other = try TestClient(port: caster.port)
        other.send("GET /ELSEWHERE HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\n\r\n")
        #expect(await other.line() == "HTTP/1.1 404 Not Found")
    }

    @Test("the source table's position: 0, 0 at first, then the receiver's valid fix, then the antenna of the receiver's 1005, which a fix no longer changes")
    func sourceTablePosition() async throws {
        guard let frames = CorpusFrames.load(), let station = frames.first(where: { CorpusFrames.messageNumber($0) == 1005 }) else {
            print(CorpusFrames.missingMessage)
            return
        }
        let caster = try NTRIPCaster(host: "127.0.0.1", port: 0, configuration: .init(mountpoint: "BASE"))
        let serving = detachedOnThreadOfItsOwn(named: "caster") { await caster.run() }
        defer { serving.cancel() }
        let url = NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "")
        let tablePosition = { () async throws -> Coordinate? in try await NTRIPClient.sourceTable(of: url).entries.first?.coordinate }
        #expect(try await tablePosition() == nil, "0.00;0.00: no position")

        caster.receiverFix(Location(coordinate: Coordinate(latitude: 48.137413, longitude: 11.575520), quality: .gps, mode: .threeDimensional, status: .valid))
        caster.receiverFix(Location(coordinate: Coordinate(latitude: 10, longitude: 10), quality: .invalid, mode: .noFix, status: .invalid))
        #expect(try await tablePosition() == Coordinate(latitude: 48.14, longitude: 11.58), "the last valid fix, to 0.01°")

        // gpsdecode reads this 1005 as X -2386072.7310, Y -3922192.5049, Z 4414363.4131 m: on
        // WGS-84, 44.068811° N, 121.314314° W, 1114.39 m.
        caster.broadcast(station)
        let antenna = try #require(caster.position)
        #expect(abs(antenna.latitude - 44.068811) < 1e-6 && abs(antenna.longitude - -121.314314) < 1e-6)
        caster.receiverFix(Location(coordinate: Coordinate(latitude: 48.137413, longitude: 11.575520), quality: .gps, mode: .threeDimensional, status: .valid))
        #expect(try await tablePosition() == Coordinate(latitude: 44.07, longitude: -121.31))
    }
}
