import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// docs/RTK.md's commands, run as written: RTKLIB's caster (wanting alice:secret) in place of
/// caster.example.org:2101, the simulator's `/tmp/gps0` made unique, a virtual receiver sending
/// the F9T log's frames in place of the base's `/dev/ttyACM0`, free ports for 2101 and gps serve's 2947.
@Suite("docs/RTK.md's commands", .serialized, .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct RTKDocsTests {
    private static let document = (try? String(
        contentsOf: CommandRunner.packageRoot.appendingPathComponent("docs/RTK.md"), encoding: .utf8)) ?? ""

    private struct Walkthrough {
        var replacements: [(String, String)]

        /// Starts `command` as docs/RTK.md shows it, with `gps` on the PATH, in the package folder.
        func shell(_ command: String, listening: Bool = false) throws -> Spawned {
            #expect(RTKDocsTests.document.contains(command), "docs/RTK.md shows: \(command)")
            let gpsFolder = URL(fileURLWithPath: CommandRunner.gpsPath!).deletingLastPathComponent().path
            var line = replacements.reduce(command) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            if listening { line += " --listen 127.0.0.1:\(freeLoopbackPort())" }
            return try Spawned(
                "/bin/sh", ["-c", "cd '\(CommandRunner.packageRoot.path)' && exec \(line)"],
                environment: ["PATH": gpsFolder + ":/usr/bin:/bin:/usr/sbin"], mergingStandardError: true)
        }
    }

    @Test("the walk-through: the simulator, the caster's mountpoints, gps read and gps serve with --ntrip")
    func walkthrough() async throws {
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return
        }
        guard let caster = try RTKLIBCaster(frames: frames, mountpoint: "NEAR", credentials: "alice:secret") else {
            print(RTKLIBCaster.missingMessage)
            return
        }
        defer { caster.stop() }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps0-\(UUID().uuidString)").path
        let walk = Walkthrough(replacements: [("caster.example.org:2101", "127.0.0.1:\(caster.port)"), ("/tmp/gps0", link)])
        let simulator = try walk.shell("gps simulate --pty --link /tmp/gps0 --rate 5")
        defer { simulator.signal(SIGINT) }
        #expect(await simulator.waitForOutput(until: { $0.contains("(link: \(link))") }), "\(simulator.output)")

        let table = await (try walk.shell("gps ntrip ntrip://caster.example.org:2101/")).waitForExit()
        #expect(table.status == 0 && table.output.contains("MOUNTPOINT") && table.output.contains("\nNEAR "), "\(table.output)")
        let json = await (try walk.shell("gps ntrip ntrip://caster.example.org:2101/ /tmp/gps0 --json")).waitForExit()
        #expect(json.status == 0 && json.output.contains(#"{"mountpoint":"NEAR","#), "\(json.output)")

        let reader = try walk.shell("gps read /tmp/gps0 --ntrip ntrip://alice:secret@caster.example.org:2101/NEAR")
        #expect(await reader.waitForOutput(until: { $0.contains("  RTK fixed  age ") }), "\(reader.output)")
        reader.signal(SIGINT)
        #expect(await reader.waitForExit().status == 0)

        let server = try walk.shell("gps serve /tmp/gps0 --ntrip ntrip://alice:secret@caster.example.org:2101/NEAR", listening: true)
        #expect(await server.waitForOutput(until: { $0.contains("gps: corrections from ntrip://alice@127.0.0.1:\(caster.port)/NEAR") }),
                "\(server.output)")
        server.signal(SIGINT)
        #expect(await server.waitForExit().status == 0)
    }

    @Test("the base station: gps serve --caster, read by str2str; with credentials, a client without them refused")
    func baseStation() async throws {
        guard Subprocess.find("str2str") != nil else {
            print(RTKLIBCaster.missingMessage)
            return
        }
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return
        }
        let receiver = try VirtualReceiver()
        let port = freeLoopbackPort()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("base-\(UUID().uuidString).rtcm").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let walk = Walkthrough(replacements: [
            ("/dev/ttyACM0", receiver.devicePath), ("2101/BASE", "\(port)/BASE"), ("127.0.0.1:2101", "127.0.0.1:\(port)"),
            ("/tmp/base.rtcm", output),
        ])
        let base = try walk.shell("gps serve /dev/ttyACM0 --caster 2101/BASE", listening: true)
        #expect(await base.waitForOutput(until: { $0.contains("Ctrl-C to stop") }), "\(base.output)")
        let client = try walk.shell("str2str -in ntrip://127.0.0.1:2101/BASE -out file:///tmp/base.rtcm")
        defer { client.signal(SIGKILL) }
        #expect(await base.waitForOutput(until: { $0.contains("a client joined (NTRIP 1.0), 1 served") }), "\(base.output)")
        try receiver.send(frames.flatMap { $0 })
        await eventually("str2str wrote every frame") {
            (FileManager.default.contents(atPath: output)?.count ?? 0) >= frames.reduce(0) { $0 + $1.count }
        }
        #expect(FileManager.default.contents(atPath: output).map(Array.init) == frames.flatMap { $0 })
        base.signal(SIGINT)
        #expect(await base.waitForExit().status == 0)
        client.signal(SIGKILL)
        _ = await client.waitForExit()

        let guarded = try walk.shell("gps serve /dev/ttyACM0 --caster base:secret@2101/BASE", listening: true)
        #expect(await guarded.waitForOutput(until: { $0.contains("Ctrl-C to stop") }), "\(guarded.output)")
        let refused = try walk.shell("str2str -in ntrip://127.0.0.1:2101/BASE -out file:///tmp/base.rtcm")
        defer { refused.signal(SIGKILL) }
        #expect(await guarded.waitForOutput(until: { $0.contains("refused a client without the right credentials (401)") }),
                "\(guarded.output)")
        guarded.signal(SIGINT)
        #expect(await guarded.waitForExit().status == 0)
        refused.signal(SIGKILL)
        _ = await refused.waitForExit()
    }
}
