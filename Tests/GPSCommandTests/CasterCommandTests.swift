import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// `gps serve DEVICE --caster`: a base receiver's own RTCM 3 served to RTKLIB's NTRIP client.
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
        let casterPort = freeLoopbackPort()
        let server = try BackgroundCommand(
            ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(freeLoopbackPort())", "--caster", "127.0.0.1:\(casterPort)/BASE"],
            mergingStandardError: true)
        #expect(await server.waitForOutput { $0.contains("Ctrl-C to stop") }, "\(server.output)")
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
}
