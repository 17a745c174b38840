import Foundation
import GPSReader
import LocationTracking
import NTRIP
import POSIXSupport
import Testing
import TestSupport

/// The client against a real NTRIP 1.0 caster: RTKLIB's `str2str -out ntripc://`, fed by a
/// paced source in the test, relaying what its clients send back to the source (`-b 1`).
@Suite("NTRIP client against RTKLIB's caster")
struct RTKLIBCasterTests {
    static let fix = Location(
        coordinate: Coordinate(latitude: 48.137413, longitude: 11.575520), altitude: 519.4, timestamp: Date(timeIntervalSince1970: 1_748_772_005),
        quality: .gps, mode: .threeDimensional, status: .valid, satellitesUsed: 9, hdop: 1.0)

    @Test("every frame the caster serves reaches the receiver whole and CRC-valid, and the GGA we send reaches the caster's source")
    func everyFrameAndGGAUpstream() async throws {
        guard let str2str = Subprocess.find("str2str") else {
            Issue.record("str2str is not installed: apt-get install rtklib")
            return
        }
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return
        }
        // The source str2str reads: once a client's GGA has come back through the caster (so a
        // client is there to be served), every frame of the log, a few milliseconds apart.
        let source = try TestCaster { connection in
            var upstream: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1024)
            while !String(decoding: upstream, as: UTF8.self).contains("$GPGGA") {
                let count = read(connection.fd, &buffer, buffer.count)
                guard count > 0 else { return }
                upstream += buffer[..<count]
            }
            connection.caster.state.withLock { $0.upstream = upstream }
            for frame in frames {
                guard connection.write(frame) else { return }
                usleep(3_000)
            }
            connection.waitForClose()
        }
        defer { source.stop() }
        let casterPort = freeLoopbackPort()
        let caster = try Spawned(str2str, ["-in", "tcpcli://127.0.0.1:\(source.port)", "-out", "ntripc://:\(casterPort)/F9T", "-b", "1"])
        defer { caster.signal(SIGKILL) }

        let receiver = try ReceiverUnderTest()
        await receiver.waitUntilOpen()
        // Room for the whole log: the frames come 3 ms apart, faster than a loaded machine may
        // drain the pty, and the oldest would be dropped (the bound has tests of its own).
        let client = NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: casterPort, mountpoint: "F9T"),
                queueLimit: frames.reduce(0) { $0 + $1.count },
                backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(400))),
            link: receiver.link)
        client.receiverFix(Self.fix)
        let run = Task { await client.run() }
        defer { run.cancel() }

        let expected = frames.reduce(0) { $0 + $1.count }
        let written = try await receiver.collect { $0.count >= expected }
        let received = ReceiverUnderTest.frames(in: written)
        #expect(firstDifference(received.frames, from: frames) == nil, "every frame, in order, whole")
        #expect(received.otherBytes == 0, "nothing but whole frames written")
        // 4072 is u-blox's own message (the reference station's PVT), among the standard ones.
        #expect(Set(frames.map(CorpusFrames.messageNumber)) == [1005, 1077, 1087, 1097, 1127, 1230, 4072])
        let gga = source.upstream
        #expect(gga.contains("$GPGGA,100005.00,4808.24478,N,01134.53120,E,1,09,1.0,519.4,M,,M,,*"), "the GGA reached the source: \(gga)")
        // The receiver may read the last frame before the writer has counted it.
        await eventually("every frame counted as written") { client.statistics.framesWritten == frames.count }
        let statistics = client.statistics
        #expect(statistics.framesRejected == 0)
        #expect(statistics.messageTypesSeen == [1005, 1077, 1087, 1097, 1127, 1230, 4072])
        #expect(statistics.base != nil, "1005 gives the base's position")
    }
}
