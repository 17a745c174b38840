import Foundation
import Glibc
import LocationTracking
import SerialPort
import Testing
import TestSupport

/// `gps serve DEVICE --caster`: a base receiver's own RTCM 3 served to RTKLIB's NTRIP client, and
/// its source table, whose position is the base's.
@Suite("gps serve --caster")
struct CasterCommandTests {
    @Test("str2str, an NTRIP client of gps serve's caster, gets every frame the receiver sent")
    func servesTheReceiversFrames() async throws {
        guard let str2str = Subprocess.find("str2str") else {
            print(RTKLIBCaster.missingMessage)
            return
        }
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return
        }
        let receiver = try VirtualReceiver()
        let (server, casterPort) = try await Self.serveCaster(receiver)
        #expect(server.output.contains("gps: serving the receiver's RTCM 3 to NTRIP clients on 127.0.0.1:\(casterPort)/BASE"))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rtcm-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let client = try Spawned(str2str, ["-in", "ntrip://127.0.0.1:\(casterPort)/BASE", "-out", "file://\(output)"])
        defer { client.signal(SIGKILL) }
        #expect(await server.waitForOutput { $0.contains("a client joined (NTRIP 1.0), 1 served") }, "\(server.output)")
        try receiver.send(frames.flatMap { $0 })
        let expected = frames.flatMap { $0 }
        await eventually("str2str wrote every frame") {
            (FileManager.default.contents(atPath: output)?.count ?? 0) >= expected.count
        }
        #expect(FileManager.default.contents(atPath: output).map(Array.init) == expected)
        #expect(await server.interrupt() == 0)
    }

    @Test("the source table gives the receiver's fix, then the antenna of its 1005: read raw (GET /), by gps ntrip --json, and with a rover device its distance")
    func sourceTablePosition() async throws {
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return
        }
        let receiver = try VirtualReceiver()
        let (server, casterPort) = try await Self.serveCaster(receiver)
        #expect(try await Self.tableLine(port: casterPort) { $0.contains(";0.00;0.00;") } != nil, "no position before a fix")

        // 4807.0380 N 01131.0000 E: 48.117300°, 11.516667°.
        try receiver.send((epoch("100000") + epoch("100001")).map(sentence).joined().utf8)
        let fixLine = try await Self.tableLine(port: casterPort) { $0.contains(";48.12;11.52;") }
        #expect(fixLine != nil, "the receiver's fix, to 0.01°")

        // The F9T log's 1005: X -2386072.7310, Y -3922192.5049, Z 4414363.4131 m (gpsdecode),
        // on WGS-84 44.068811° N, 121.314314° W.
        try receiver.send(frames.flatMap { $0 })
        let antennaLine = try await Self.tableLine(port: casterPort) { $0.contains(";44.07;-121.31;") }
        #expect(antennaLine?.hasPrefix("STR;BASE;BASE;RTCM 3.3;1005,1077,1087,1097,1127,1230,4072;") == true, "\(antennaLine ?? "none")")
        let listed = try await CommandRunner.run(["ntrip", "ntrip://127.0.0.1:\(casterPort)/", "--json"])
        #expect(listed.status == 0, "\(listed.errorOutput)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        #expect(entry["mountpoint"] as? String == "BASE")
        #expect(entry["lat"] as? Double == 44.07 && entry["lon"] as? Double == -121.31, "\(listed.output)")

        // With a device, gps ntrip gives each mountpoint's distance from the device's first fix.
        let rover = try VirtualReceiver()
        let roving = Task {
            for second in 0..<300 where !Task.isCancelled {
                try? rover.send(epoch(String(format: "1100%02d", second % 60)).map(sentence).joined().utf8)
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { roving.cancel() }
        let measured = try await CommandRunner.run(["ntrip", "ntrip://127.0.0.1:\(casterPort)/", rover.devicePath, "--json"])
        let withDistance = try #require(try JSONSerialization.jsonObject(with: Data(measured.output.utf8)) as? [String: Any])
        let expected = Coordinate(latitude: 44.07, longitude: -121.31).distance(from: Coordinate(latitude: 48.1173, longitude: 11.516667))
        #expect(abs((withDistance["distance"] as? Double ?? 0) - expected) < 1, "\(measured.output)")
        #expect(await server.interrupt() == 0)
    }

    /// `gps serve RECEIVER --caster 127.0.0.1:PORT/BASE`, once it says it serves; the command and the caster's port.
    static func serveCaster(_ receiver: VirtualReceiver) async throws -> (BackgroundCommand, UInt16) {
        let casterPort = freeLoopbackPort()
        let server = try BackgroundCommand(
            ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(freeLoopbackPort())", "--caster", "127.0.0.1:\(casterPort)/BASE"],
            mergingStandardError: true)
        #expect(await server.waitForOutput { $0.contains("Ctrl-C to stop") }, "\(server.output)")
        return (server, casterPort)
    }

    /// The caster's `STR;` line, asked for with a raw `GET /` until `condition` holds for it
    /// (the receiver's bytes take their way through `gps serve` first), for at most 30 s.
    static func tableLine(port: UInt16, until condition: (String) -> Bool) async throws -> String? {
        try await eventuallyValue("the caster's table line is as expected", pollingLimit: .milliseconds(100)) {
            let client = try TestClient(port: port)
            client.send("GET / HTTP/1.0\r\nUser-Agent: NTRIP test\r\n\r\n")
            guard let line = await client.lines(until: { $0.hasPrefix("STR;") })?.last, condition(line) else { return nil }
            return line
        }
    }
}
