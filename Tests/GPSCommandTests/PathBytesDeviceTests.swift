import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// Devices, links, sockets, spools and served captures named with bytes that are not UTF-8:
/// `gps` opens what the bytes name (or refuses it for what it is), and its messages write each
/// such byte `\xFF`.
@Suite(
    "Device and other paths that are not UTF-8", .serialized,
    .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct PathBytesDeviceTests {
    /// `gps\xff\xfe`, as the shell writes it, and as messages do.
    private static let name = Array("gps".utf8) + [0xFF, 0xFE]
    private static let shellName = #""$(printf 'gps\377\376')""#
    private static let shown = #"gps\xFF\xFE"#
    private let drive = [UInt8](FileManager.default.contents(
        atPath: CommandRunner.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path)!)

    @Test("gps simulate --pty --link gps\\xff\\xfe makes that link, and gps read of it, its DEVICE, prints the fixes")
    func linkAndReadDevice() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulator = try ByteNames.start("simulate --pty --link \(Self.shellName) --rate 20", in: folder)
        try #require(await simulator.waitForOutput { $0.contains("(link: \(Self.shown))") }, "\(simulator.output)")
        #expect(ByteNames.names(in: folder) == [Self.name])
        let reader = try ByteNames.start("read \(Self.shellName)", in: folder)
        #expect(await reader.waitForOutput { $0.contains("2025-06-01T10:") }, "\(reader.output)")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)
        #expect(ByteNames.names(in: folder).isEmpty, "the simulator removes its link on Ctrl-C")
    }

    @Test("gps record of a DEVICE named gps\\xff\\xfe (a link to a pseudo-terminal) records it, and says its name with \\xFF")
    func recordDevice() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver(link: ByteNames.path(folder, Self.name))
        let recorder = try ByteNames.start("record \(Self.shellName) --output out.nmea", in: folder)
        try #require(await recorder.waitForOutput { $0.contains("gps: recording \(Self.shown) into out.nmea") }, "\(recorder.output)")
        try receiver.send(drive.prefix(2000), timeout: .seconds(10))
        await eventually("gps record has read every byte") { (try? receiver.unreadByteCount()) == 0 }
        #expect(await recorder.interrupt() == 0)
        #expect(recorder.output.contains("lines (") && recorder.output.contains("into out.nmea"), "\(recorder.output)")
    }

    @Test("gps serve of a DEVICE named gps\\xff\\xfe (a link to a pseudo-terminal) serves its fixes, the device named with \\xFF",
          .enabled(if: Subprocess.find("gpspipe") != nil, "gpspipe (gpsd-clients) is missing"))
    func serveDevice() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver(link: ByteNames.path(folder, Self.name))
        let drive = drive
        let playing = Task { while !Task.isCancelled { try? await receiver.play(drive, pace: .linesPerSecond(400)) } }
        defer { playing.cancel() }
        let port = freeLoopbackPort()
        let server = try ByteNames.start("serve --listen 127.0.0.1:\(port) \(Self.shellName)", in: folder)
        try #require(await server.waitForOutput { $0.contains("gps: serving \(Self.shown) on 127.0.0.1:\(port)") }, "\(server.output)")
        let json = try await Subprocess.run(Subprocess.find("gpspipe")!, ["-w", "-n", "8", "127.0.0.1:\(port)"])
        #expect(json.output.contains(#""class":"TPV","device":"gps\\xFF\\xFE""#), "\(json.output)")
        #expect(await server.interrupt() == 0, "\(server.output)")
    }

    @Test("gps read, serve, record and publish refuse a DEVICE named gps\\xff\\xfe that is a file: status 1, the name with \\xFF, the reason")
    func fileAsDevice() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ByteNames.write(drive, to: folder, named: Self.name)
        let port = freeLoopbackPort()
        for command in ["read \(Self.shellName)", "serve --listen 127.0.0.1:0 \(Self.shellName)",
                        "record \(Self.shellName) --output out.nmea", "publish mqtt://127.0.0.1:\(port)/fleet/a \(Self.shellName)"] {
            let run = try await ByteNames.run(command, in: folder)
            #expect(run.status == 1, "\(command): \(run.errorOutput)")
            #expect(run.errorOutput.contains("\(Self.shown) is a regular file, not a serial device"), "\(command): \(run.errorOutput)")
        }
    }

    @Test("gps serve --control gps\\xff\\xfe makes its control socket by that name: gpsdctl adds a receiver through it; Ctrl-C removes it",
          .enabled(if: Subprocess.find("gpsdctl") != nil, "gpsdctl (gpsd) is missing"))
    func controlSocket() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver()
        let server = try ByteNames.start("serve --listen 127.0.0.1:0 --control \(Self.shellName)", in: folder)
        try #require(await server.waitForOutput { $0.contains("control socket \(Self.shown) (gpsdctl add/remove)") }, "\(server.output)")
        var status = stat()
        try #require(ByteNames.path(folder, Self.name).withCString { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFSOCK)
        // Awaited without the serial queue CommandRunner shares: a pipe of another test's run that
        // the server inherited as it was spawned holds that run until the server ends, below.
        let add = try await Subprocess.run(
            "/bin/sh", ["-c", "cd \"$1\" && GPSD_SOCKET=\(Self.shellName) exec \"$0\" add \(receiver.devicePath)", Subprocess.find("gpsdctl")!, folder])
        #expect(add.status == 0, "\(add.output)")
        #expect(await server.waitForOutput { $0.contains("gps: added \(receiver.devicePath) (control socket)") }, "\(server.output)")
        #expect(await server.interrupt() == 0)
        #expect(ByteNames.names(in: folder).isEmpty, "the socket is removed on Ctrl-C")
    }

    @Test("gps serve --replay of a capture named gps\\xff\\xfe serves its fixes to gpspipe, and names it with \\xFF",
          .enabled(if: Subprocess.find("gpspipe") != nil, "gpspipe (gpsd-clients) is missing"))
    func serveReplay() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ByteNames.write(drive, to: folder, named: Self.name)
        let port = freeLoopbackPort()
        let server = try ByteNames.start("serve --listen 127.0.0.1:\(port) --replay \(Self.shellName) --rate 50", in: folder)
        try #require(await server.waitForOutput { $0.contains("gps: serving \(Self.shown) on 127.0.0.1:\(port)") }, "\(server.output)")
        let json = try await Subprocess.run(Subprocess.find("gpspipe")!, ["-w", "-n", "8", "127.0.0.1:\(port)"])
        #expect(json.output.contains(#""class":"TPV""#), "\(json.output)")
        #expect(await server.interrupt() == 0, "\(server.output)")
    }

    @Test("gps publish --replay of a capture named gps\\xff\\xfe that is not there: status 1, the name with \\xFF")
    func publishReplayMissing() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try await ByteNames.run("publish mqtt://127.0.0.1:\(freeLoopbackPort())/fleet/a --replay \(Self.shellName)", in: folder)
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("Cannot read the capture \(Self.shown)"), "\(run.errorOutput)")
    }

    @Test("gps publish --replay FILE --spool gps\\xff\\xfe, the broker away: the capture is read and its fixes spooled in that directory")
    func publishSpool() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ByteNames.write(drive, to: folder, named: Array("drive".utf8) + [0xFF])
        let publisher = try ByteNames.start(
            "publish mqtt://127.0.0.1:\(freeLoopbackPort())/fleet/a --replay \"$(printf 'drive\\377')\" --rate 0 --spool \(Self.shellName)",
            in: folder)
        try #require(await publisher.waitForOutput { $0.contains("(Ctrl-C leaves them in \(Self.shown))") }, "\(publisher.output)")
        #expect(await publisher.interrupt() == 0)
        var status = stat()
        #expect(ByteNames.path(folder, Self.name).withCString { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR)
        #expect(status.st_mode & 0o777 == 0o700)
    }

    @Test("gps publish --spool gps\\xff\\xfe, a directory others may write: refused with status 1, the name with \\xFF")
    func publishSpoolWritableByOthers() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(ByteNames.path(folder, Self.name).withCString { mkdir($0, 0o700) == 0 && chmod($0, 0o777) == 0 })
        let run = try await ByteNames.run("publish mqtt://127.0.0.1:\(freeLoopbackPort())/fleet/a --spool \(Self.shellName)", in: folder)
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("refusing \(Self.shown) as the spool directory: others may write it"), "\(run.errorOutput)")
    }
}
