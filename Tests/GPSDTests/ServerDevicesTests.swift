import Foundation
import Glibc
import LocationTracking
import Testing
import TestSupport
@testable import GPSD

/// `GPSDServer` serving several receivers: DEVICES, reports by device, `?WATCH` of one device,
/// gpsd's DEVICE notices, and clients that pipeline or crowd it. Real sockets on 127.0.0.1.
@Suite("gpsd server with several devices")
struct ServerDevicesTests {
    private let log = LogRecorder()
    private let paths = ["/dev/ttyA", "/dev/ttyB", "/dev/ttyC"]
    private let server: GPSDServer

    init() throws {
        server = try GPSDServer(
            address: GPSDAddress(host: "127.0.0.1", port: 0), devices: paths.map { GPSDDevice(path: $0) },
            queueLimit: 16_384, log: log.record)
    }

    private func watching(_ watch: String = #"?WATCH={"enable":true,"json":true};"#) async throws -> TestClient {
        let client = try TestClient(port: server.address.port)
        #expect(await client.line()?.gpsdClass == "VERSION")
        client.send(watch)
        #expect(await client.lines(until: { $0.gpsdClass == "WATCH" }) != nil)
        return client
    }

    private func fix(_ device: String, second: Int = 5) -> TPV {
        var tpv = TPV(device: device, mode: 3, time: Date(timeIntervalSince1970: 1_748_772_000 + Double(second)))
        tpv.latitude = 48.137413
        tpv.longitude = 11.57552
        return tpv
    }

    @Test("DEVICES lists every device, each TPV names its own, and a client watching all gets each device's")
    func devicesAndReports() async throws {
        let client = try TestClient(port: server.address.port)
        _ = await client.line()
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        let devices = try #require(await client.line())
        #expect(devices == #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyA","driver":"NMEA0183","native":0,"cycle":1.00},"#
            + #"{"class":"DEVICE","path":"/dev/ttyB","driver":"NMEA0183","native":0,"cycle":1.00},"#
            + #"{"class":"DEVICE","path":"/dev/ttyC","driver":"NMEA0183","native":0,"cycle":1.00}]}"#)
        #expect(await client.line()?.gpsdClass == "WATCH")
        for path in paths { server.publish(fix(path)) }
        for path in paths { #expect(await client.line()?.hasPrefix(#"{"class":"TPV","device":"\#(path)","#) == true) }
    }

    @Test("?WATCH with a device gets that device's reports and sentences only; one not served is an ERROR")
    func watchOneDevice() async throws {
        let onlyB = try await watching(#"?WATCH={"enable":true,"json":true,"nmea":true,"device":"/dev/ttyB"};"#)
        server.publishSentence(Array("$GPGGA,A\r\n".utf8), from: "/dev/ttyA")
        server.publish(fix("/dev/ttyA"))
        server.publishSentence(Array("$GPGGA,B\r\n".utf8), from: "/dev/ttyB")
        server.publish(fix("/dev/ttyB"))
        #expect(await onlyB.line() == "$GPGGA,B")
        #expect(await onlyB.line()?.hasPrefix(#"{"class":"TPV","device":"/dev/ttyB""#) == true)
        onlyB.send("?POLL;")
        let poll = try #require(await onlyB.line())
        #expect(poll.contains(#""active":1,"tpv":[{"class":"TPV","device":"/dev/ttyB""#))

        let client = try TestClient(port: server.address.port)
        _ = await client.line()
        client.send(#"?WATCH={"enable":true,"device":"/dev/ttyZ"};"#)
        #expect(await client.line() == #"{"class":"ERROR","message":"No such device as /dev/ttyZ"}"#)
    }

    @Test("activation and deactivation send gpsd's DEVICE notices to watching clients; POLL forgets a closed device")
    func notices() async throws {
        let client = try await watching()
        server.activate("/dev/ttyB", bitsPerSecond: 4800)
        let activated = try #require(await client.line())
        #expect(activated.hasPrefix(#"{"class":"DEVICE","path":"/dev/ttyB","driver":"NMEA0183","activated":""#))
        #expect(activated.contains(#""bps":4800"#))
        server.activate("/dev/ttyB", bitsPerSecond: 4800)
        server.publish(fix("/dev/ttyB"))
        // Activating an active device again says nothing: the next line is the fix.
        #expect(await client.line()?.gpsdClass == "TPV")
        server.deactivate("/dev/ttyB")
        #expect(await client.line() == #"{"class":"DEVICE","path":"/dev/ttyB","activated":0}"#)
        client.send("?POLL;")
        #expect(await client.line()?.contains(#""active":0,"tpv":[],"sky":[]"#) == true)
        server.activate("/dev/ttyB")
        #expect(await client.line()?.contains(#""path":"/dev/ttyB""#) == true)
        #expect(server.remove("/dev/ttyB"))
        #expect(await client.line() == #"{"class":"DEVICE","path":"/dev/ttyB","activated":0}"#)
        #expect(server.devices.map(\.path) == ["/dev/ttyA", "/dev/ttyC"])
    }

    @Test("a device added twice is one device; removing one not served is refused")
    func addTwiceRemoveMissing() {
        #expect(!server.add(GPSDDevice(path: "/dev/ttyA")))
        #expect(server.add(GPSDDevice(path: "/dev/ttyD")))
        #expect(server.devices.map(\.path) == paths + ["/dev/ttyD"])
        #expect(!server.remove("/dev/ttyZ"))
        #expect(server.devices.count == 4)
    }

    @Test("30 ?POLL in one write, each answer larger than a tenth of the queue: every answer comes, in order")
    func pipelinedPolls() async throws {
        // A SKY of 40 satellites, some 2.6 KB, for each device: a POLL answer of about 8 KB,
        // and 30 of them are 15 times the client's queue.
        for path in paths {
            server.publish(fix(path))
            var sky = SKY(device: path, hdop: 0.9, usedCount: 8)
            sky.satellites = (1...40).map { Satellite(constellation: .gps, id: $0, elevation: 45, azimuth: 180, signalStrength: 40, isUsed: $0 < 9) }
            server.publish(sky)
        }
        let client = try TestClient(port: server.address.port)
        _ = await client.line()
        client.send(String(repeating: "?POLL;", count: 30) + "?VERSION;")
        var polls = 0
        while let line = await client.line(), line.gpsdClass == "POLL" {
            #expect(line.contains(#""active":3"#))
            polls += 1
        }
        #expect(polls == 30)
        #expect(!log.contains("dropped"))
    }

    @Test("200 watching clients over 3 devices: each gets every device's reports")
    func manyClients() async throws {
        var clients: [TestClient] = []
        for _ in 0..<200 { clients.append(try await watching()) }
        for second in 0..<5 {
            for path in paths { server.publish(fix(path, second: second)) }
        }
        for client in clients {
            let lines = try #require(await client.lines(until: { $0.contains(#""device":"/dev/ttyC","mode":3,"time":"2025-06-01T10:00:04"#) }))
            for path in paths {
                #expect(lines.count { $0.hasPrefix(#"{"class":"TPV","device":"\#(path)""#) } == 5)
            }
        }
        #expect(server.clientCount == 200)
        // What 200 clients may hold here is bounded by design: each queue holds at most queueLimit.
        let queued = server.state.withLock { $0.clients.values.map(\.output.count).reduce(0, +) }
        #expect(queued <= 200 * server.queueLimit)
    }

    @Test("connection lines are ten a minute at most; the rest are counted and the count said later")
    func throttledLog() {
        var throttle = LogThrottle(limit: 10, window: .seconds(60))
        let start = ContinuousClock.now
        var written: [String] = []
        for number in 1...50 { written += throttle.admit("client \(number) connected", at: start + .milliseconds(number)) }
        #expect(written.count == 11)
        #expect(written.last == "gpsd server: more than 10 client lines in 60.0 seconds: counting the rest")
        let later = throttle.admit("client 51 connected", at: start + .seconds(61))
        #expect(later == ["gpsd server: 40 more client lines in the last 60.0 seconds not shown", "client 51 connected"])
    }
}

/// Listening on IPv6 loopback, as gpsd does beside 127.0.0.1.
@Suite("gpsd server on IPv6")
struct ServerIPv6Tests {
    @Test("[::1]:PORT parses; a server on 127.0.0.1 and ::1 answers on both at one port",
          .enabled(if: hasIPv6Loopback(), "this machine has no IPv6 loopback"))
    func bothLoopbacks() async throws {
        #expect(GPSDAddress(parsing: "[::1]:2948") == GPSDAddress(host: "::1", port: 2948))
        #expect(GPSDAddress(host: "::1", port: 2947).description == "[::1]:2947")
        let server = try GPSDServer(
            address: GPSDAddress(host: "127.0.0.1", port: 0), alsoListenOn: [GPSDAddress(host: "::1", port: 0)],
            devices: [GPSDDevice(path: "/dev/ttyA")])
        defer { Task { await server.stop() } }
        #expect(server.addresses.map(\.description) == ["127.0.0.1:\(server.address.port)", "[::1]:\(server.address.port)"])
        for ipv6 in [false, true] {
            let client = try TestClient(port: server.address.port, ipv6: ipv6)
            #expect(await client.line()?.gpsdClass == "VERSION")
        }
        let only6 = try GPSDServer(address: GPSDAddress(host: "::1", port: 0), devices: [])
        defer { Task { await only6.stop() } }
        #expect(await (try TestClient(port: only6.address.port, ipv6: true)).line()?.gpsdClass == "VERSION")
    }
}
