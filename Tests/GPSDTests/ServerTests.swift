import Foundation
import LocationTracking
import Testing
import TestSupport
@testable import GPSD

/// `GPSDServer` on a port of its own (127.0.0.1, port 0), talked to over real sockets.
@Suite("gpsd server")
struct ServerTests {
    private let log = LogRecorder()
    private let server: GPSDServer

    init() throws {
        server = try GPSDServer(
            address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "/dev/ttyTEST"),
            queueLimit: 16_384, log: log.record)
    }

    private func client() throws -> TestClient {
        try TestClient(port: server.address.port)
    }

    private func watching(_ watch: String = #"?WATCH={"enable":true,"json":true};"#) async throws -> TestClient {
        let client = try client()
        #expect(await client.line()?.gpsdClass == "VERSION")
        client.send(watch)
        #expect(await client.lines(until: { $0.gpsdClass == "WATCH" }) != nil)
        return client
    }

    private var fix: TPV {
        var tpv = TPV(device: "/dev/ttyTEST", mode: 3, time: Date(timeIntervalSince1970: 1_748_772_005))
        tpv.latitude = 48.137413
        tpv.longitude = 11.57552
        return tpv
    }

    @Test("VERSION on connect; ?WATCH enables streaming and is answered with DEVICES and WATCH")
    func handshake() async throws {
        let client = try client()
        #expect(await client.line() == #"{"class":"VERSION","release":"3.22-gpsreader","rev":"3.22-gpsreader","proto_major":3,"proto_minor":14}"#)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await client.line() == #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyTEST","driver":"NMEA0183","native":0,"cycle":1.00}]}"#)
        #expect(await client.line() == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
        server.publish(fix)
        #expect(await client.line() == #"{"class":"TPV","device":"/dev/ttyTEST","mode":3,"time":"2025-06-01T10:00:05.000Z","ept":0.005,"lat":48.137413000,"lon":11.575520000}"#)
    }

    @Test("?POLL, ?DEVICES, ?DEVICE and ?VERSION are answered, several in one write")
    func queries() async throws {
        let client = try client()
        _ = await client.line()
        server.publish(fix)
        client.send("?POLL;?DEVICES;?DEVICE;\n?VERSION;")
        let poll = try #require(await client.line())
        #expect(poll.hasPrefix(#"{"class":"POLL","time":""#))
        #expect(poll.hasSuffix(#","active":1,"tpv":[{"class":"TPV","device":"/dev/ttyTEST","mode":3,"time":"2025-06-01T10:00:05.000Z","ept":0.005,"lat":48.137413000,"lon":11.575520000}],"sky":[]}"#))
        #expect(await client.line()?.gpsdClass == "DEVICES")
        #expect(await client.line()?.gpsdClass == "DEVICE")
        #expect(await client.line()?.gpsdClass == "VERSION")
    }

    @Test("a client that does not watch gets no reports")
    func notWatching() async throws {
        let idle = try client()
        _ = await idle.line()
        let watcher = try await watching()
        server.publish(fix)
        #expect(await watcher.line()?.gpsdClass == "TPV")
        idle.send("?VERSION;")
        #expect(await idle.line()?.gpsdClass == "VERSION")
    }

    @Test("bad requests get ERROR and the connection goes on", arguments: [
        ("?FOO;", "Unrecognized request '?FOO'"),
        ("hello\n", "Unrecognized request 'hello'"),
        (#"?WATCH={"enable":tru};"#, "Invalid WATCH: WATCH argument is not JSON"),
        (#"?WATCH=[1];"#, "Invalid WATCH: WATCH needs a JSON object"),
        (#"?WATCH={"colour":true};"#, "Invalid WATCH: unknown attribute colour"),
        (#"?WATCH={"raw":7};"#, "Invalid WATCH: raw must be 0, 1 or 2"),
        (#"?DEVICE={"path":"/dev/x","bps":4800};"#, "Can't perform device configuration"),
        (String(repeating: "x", count: 5000) + "\n", "Request too long (more than 1024 bytes)"),
    ])
    func badRequests(request: String, message: String) async throws {
        let client = try client()
        _ = await client.line()
        client.send(request)
        let error = try #require(await client.line())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(error.utf8)) as? [String: String])
        #expect(object == ["class": "ERROR", "message": message])
        client.send("?VERSION;")
        #expect(await client.line()?.gpsdClass == "VERSION")
    }

    @Test("a watch of a device the server does not have is an ERROR, as gpsd answers it, and nothing streams; its own path, or none, streams")
    func watchOfAnotherDevice() async throws {
        let other = try client()
        _ = await other.line()
        other.send(#"?WATCH={"enable":true,"json":true,"device":"/dev/ttyNONE"};"#)
        #expect(await other.line() == #"{"class":"ERROR","message":"No such device as /dev/ttyNONE"}"#)
        let named = try await watching(#"?WATCH={"enable":true,"json":true,"device":"/dev/ttyTEST"};"#)
        let every = try await watching()
        server.publish(fix)
        #expect(await named.line()?.gpsdClass == "TPV")
        #expect(await every.line()?.gpsdClass == "TPV")
        other.send("?VERSION;")
        #expect(await other.line()?.gpsdClass == "VERSION", "the report never reached it")
    }

    @Test("every watching client gets every report, in order")
    func manyClients() async throws {
        var clients: [TestClient] = []
        for _ in 0..<5 { clients.append(try await watching()) }
        for second in 0..<20 {
            var report = fix
            report.time = Date(timeIntervalSince1970: 1_748_772_000 + Double(second))
            server.publish(report)
            server.publish(SKY(device: "/dev/ttyTEST", hdop: 0.9, usedCount: 8))
        }
        for client in clients {
            var lines: [String] = []
            for _ in 0..<40 { if let line = await client.line() { lines.append(line) } }
            #expect(lines.count == 40)
            #expect(lines.enumerated().allSatisfy { $0.element.gpsdClass == ($0.offset % 2 == 0 ? "TPV" : "SKY") })
            #expect(lines[38].contains(#""time":"2025-06-01T10:00:19.000Z""#))
        }
    }

    @Test("?WATCH nmea passes the receiver's sentences through, and only to clients that asked")
    func passthrough() async throws {
        let json = try await watching()
        let nmea = try await watching(#"?WATCH={"enable":true,"nmea":true};"#)
        let sentence = "$GPGGA,100005.00,4808.2448,N,01134.5312,E,1,09,1.0,519.4,M,47.9,M,,*55\r\n"
        server.publishSentence(Array(sentence.utf8))
        server.publish(fix)
        #expect(await nmea.line() == String(sentence.dropLast()))
        #expect(await json.line()?.gpsdClass == "TPV")
    }

    @Test("a client that stops reading is dropped, logged, and the others get everything")
    func stuckClientIsDropped() async throws {
        let stuck = try await watching()
        stuck.shrinkReceiveBuffer()
        let reader = try await watching()
        var sky = SKY(device: "/dev/ttyTEST", hdop: 1)
        sky.satellites = (1...24).map {
            Satellite(constellation: .gps, id: $0, elevation: 45, azimuth: 180, signalStrength: 40, isUsed: true)
        }
        var received = 0
        var epochs = 0
        // Publish until the stuck client is gone, reading everything on the other one.
        while server.clientCount == 2 && epochs < 20_000 {
            server.publish(fix)
            server.publish(sky)
            epochs += 1
            #expect(await reader.line()?.gpsdClass == "TPV")
            #expect(await reader.line()?.gpsdClass == "SKY")
            received += 2
        }
        #expect(server.clientCount == 1)
        #expect(received == epochs * 2)
        #expect(log.contains("dropped: it fell more than 16384 bytes behind"))
        server.publish(fix)
        #expect(await reader.line()?.gpsdClass == "TPV")
    }

    @Test("a client that disconnects mid-line, or sends binary garbage, costs only its own connection")
    func garbageCostsOnlyItsConnection() async throws {
        let watcher = try await watching()
        do {
            let rude = try client()
            _ = await rude.line()
            rude.send(#"?WATCH={"enable":tr"#)
        }
        let noisy = try client()
        _ = await noisy.line()
        noisy.send(String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131) }, as: UTF8.self))
        server.publish(fix)
        #expect(await watcher.line()?.gpsdClass == "TPV")
        noisy.send("\n?VERSION;")
        #expect(await noisy.lines(until: { $0.gpsdClass == "VERSION" }) != nil)
    }

    @Test("stop() disconnects every client and frees the port")
    func stopping() async throws {
        let client = try await watching()
        let port = server.address.port
        await server.stop()
        #expect(await client.isClosedByServer())
        let again = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: port), devices: server.devices)
        await again.stop()
    }
}
