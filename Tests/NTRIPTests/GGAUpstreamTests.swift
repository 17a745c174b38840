import Foundation
import GPSReader
import LocationTracking
import NTRIP
import Testing
import TestSupport

/// The receiver's position sent to the caster as GGA, for network (VRS) and nearest-base
/// mountpoints: never from an invalid fix, the first valid one as soon as it comes, then again
/// every interval, the last valid fix standing for any invalid one after it.
@Suite("NTRIP GGA upstream")
struct GGAUpstreamTests {
    static let valid = Location(
        coordinate: Coordinate(latitude: 48.137413, longitude: 11.575520), altitude: 519.4, timestamp: Date(timeIntervalSince1970: 1_748_772_005),
        quality: .gps, mode: .threeDimensional, status: .valid, satellitesUsed: 9, hdop: 1.0)
    static let invalid = Location(coordinate: Coordinate(latitude: 10, longitude: 10), quality: .invalid, mode: .noFix, status: .invalid)

    @Test("no GGA from an invalid fix; the first valid fix at once, then every interval, an invalid fix after it changing nothing")
    func onlyValidFixes() async throws {
        let caster = try TestCaster { connection in
            _ = connection.requestHead()
            connection.write(Replies.icy)
            connection.write(SyntheticFrames.make(count: 1)[0])
            connection.keepReading()
            connection.waitForClose()
        }
        defer { caster.stop() }
        let log = NTRIPEventLog()
        let client = NTRIPClient(
            NTRIPClient.Configuration(
                url: NTRIPURL(host: "127.0.0.1", port: caster.port, mountpoint: "VRS"), ggaInterval: .milliseconds(100),
                stallTimeout: .seconds(120)),
            link: ReceiverLink(), events: log.append)
        client.receiverFix(Self.invalid)
        let run = Task { await client.run() }
        defer { run.cancel() }
        // The data began: the first GGA was due, and the client had only an invalid fix.
        await eventually("the connection's data began") { !log.events.isEmpty }
        client.receiverFix(Self.valid)
        client.receiverFix(Self.invalid)
        await eventually("three GGAs reached the caster") { caster.upstream.components(separatedBy: "$GPGGA,").count > 3 }
        let sentences = caster.upstream.split(separator: "\r\n", omittingEmptySubsequences: true)
        #expect(sentences.count >= 3)
        for sentence in sentences {
            #expect(sentence.hasPrefix("$GPGGA,100005.00,4808.24478,N,01134.53120,E,1,09,1.0,519.4,M,"), "the valid fix alone: \(sentence)")
        }
        #expect(log.outages.isEmpty)
    }
}
