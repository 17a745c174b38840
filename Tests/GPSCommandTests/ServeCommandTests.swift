import Foundation
import Glibc
import NMEA
import SerialPort
import Testing
import TestSupport
import GPSD
import GPSDTestSupport

/// The built `gps` command: `serve` read by gpsd's clients, `replay --json`, `read gpsd://`
/// against a real gpsd, and the hint when gpsd holds a device. Everything on 127.0.0.1, on
/// ports below the ephemeral range (`freeLoopbackPort()`).
@Suite("gps serve, --json and gpsd://", .serialized,
       .enabled(if: CommandRunner.gpsPath != nil && SharedMaterial.gpsdLogs != nil, "the gps product or ../shared is missing"))
struct ServeCommandTests {
    static let log = SharedMaterial.gpsdLogs?.appendingPathComponent("bu353s4.log").path ?? ""
    static let gpspipe = Subprocess.find("gpspipe")
    static let python = Subprocess.find("python3")

    @Test("gps serve --replay: gpspipe -w gets VERSION, DEVICES, WATCH, TPV and SKY; SIGTERM ends it with 0",
          .enabled(if: gpspipe != nil, "gpspipe (gpsd-clients) is missing"))
    func serve() async throws {
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", "--replay", Self.log, "--rate", "50", "--listen", "127.0.0.1:\(port)"],
                                 mergingStandardError: true)
        #expect(await server.waitForOutput(until: { $0.contains("serving") }))
        let run = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "10", "127.0.0.1:\(port)"])
        let classes = run.output.split(whereSeparator: \.isNewline).compactMap { String($0).gpsdClass }
        #expect(Array(classes.prefix(3)) == ["VERSION", "DEVICES", "WATCH"])
        #expect(classes.contains("TPV") && classes.contains("SKY"))
        server.signal(SIGTERM)
        #expect(await server.waitForExit().status == 0)
    }

    @Test("gps serve DEVICE: a receiver on a pty, its fixes and its own sentences to gpspipe",
          .enabled(if: gpspipe != nil, "gpspipe (gpsd-clients) is missing"))
    func serveDevice() async throws {
        let receiver = try VirtualReceiver()
        let capture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.log)))
        let playing = Task { while !Task.isCancelled { try? await receiver.play(capture, pace: .linesPerSecond(400)) } }
        defer { playing.cancel() }
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(port)"],
                                 mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("serving") }))
        let json = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "12", "127.0.0.1:\(port)"])
        #expect(json.output.contains(#"{"class":"TPV","device":"\#(receiver.devicePath)","mode":3"#), "\(json.output)")
        let nmea = try await Subprocess.run(Self.gpspipe!, ["-r", "-n", "12", "127.0.0.1:\(port)"])
        #expect(nmea.output.contains("$GPGGA,"))
    }

    @Test("the lines of README.md and docs/CommandLine.md: replay the sample drive as JSON; serve gps simulate's receiver on every address",
          .enabled(if: gpspipe != nil, "gpspipe (gpsd-clients) is missing"))
    func readmeCommands() async throws {
        let drive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/captures/drive.nmea").path
        let replay = try await Subprocess.run(CommandRunner.gpsPath!, ["replay", drive, "--rate", "0", "--json"])
        #expect(replay.status == 0)
        let lines = replay.output.split(separator: "\r\n")
        // 108 epochs, a TPV and a SKY each: 90 fixes, and 18 without one (mode 1), 8 of
        // them the cold start and 10 the tunnel.
        #expect(lines.count == 216)
        #expect(lines.filter { $0.hasPrefix(#"{"class":"TPV","device":"\#(drive)","mode":3"#) }.count == 90)

        let link = NSTemporaryDirectory() + "gps-serve-\(getpid())"
        let simulator = try Spawned(CommandRunner.gpsPath!, ["simulate", "--pty", "--link", link, "--rate", "5"], mergingStandardError: true)
        defer { simulator.signal(SIGINT) }
        // The simulator prints the link once it has made it.
        #expect(await simulator.waitForOutput(until: { $0.contains("(link: \(link))") }), "\(simulator.output)")
        #expect(FileManager.default.fileExists(atPath: link))
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", link, "--listen", "0.0.0.0:\(port)"], mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("reachable from other machines") }), "\(server.output)")
        let json = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "20", "127.0.0.1:\(port)"])
        #expect(json.output.contains(#"{"class":"TPV","device":"\#(link)","mode":3"#), "\(json.output)")
    }

    /// Whether nothing listens on gpsd's port here (no gpsd running).
    static let gpsdPortIsFree: Bool = {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        return withLoopbackAddress(port: 2947) { bind(fd, $0, $1) == 0 }
    }()

    @Test("gps serve listens on 127.0.0.1:2947 unless told otherwise",
          .enabled(if: gpspipe != nil && gpsdPortIsFree, "gpspipe is missing, or port 2947 is taken (a gpsd runs here)"))
    func defaultAddress() async throws {
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", "--replay", Self.log, "--rate", "50"], mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("on 127.0.0.1:2947") && $0.contains("; Ctrl-C to stop") }), "\(server.output)")
        let json = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "5", "127.0.0.1:2947"])
        #expect(json.output.contains(#""class":"TPV""#))
    }

    @Test("gps read DEVICE --json: a TPV and a SKY line per epoch from a receiver on a pty")
    func readJSON() async throws {
        let receiver = try VirtualReceiver()
        let capture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.log)))
        let playing = Task { while !Task.isCancelled { try? await receiver.play(capture, pace: .linesPerSecond(400)) } }
        defer { playing.cancel() }
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", receiver.devicePath, "--json"])
        defer { reader.signal(SIGINT) }
        #expect(await reader.waitForOutput(until: { $0.components(separatedBy: "\r\n").count > 20 }))
        let lines = reader.output.components(separatedBy: "\r\n").dropLast()
        let classes = lines.compactMap(\.gpsdClass)
        #expect(classes.count == lines.count)
        // Reading starts mid-stream: from the first whole epoch on, TPV and SKY alternate.
        let start = try #require(classes.firstIndex(of: "TPV"))
        #expect(classes[start...].enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "TPV" : "SKY") })
        #expect(lines.contains { $0.contains(#""device":"\#(receiver.devicePath)","mode":3"#) && $0.contains(#""lat":-37.7847"#) })
    }

    @Test("gps read DEVICE --json: when the receiver falls silent, its last epoch's TPV comes at once, not at its next burst")
    func readJSONEndsEpochAtQuietLine() async throws {
        let receiver = try VirtualReceiver()
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", receiver.devicePath, "--json"])
        defer { reader.signal(SIGINT) }
        // GGA and RMC each second, as a receiver whose cycle is not learned yet, until the
        // reader has opened the device and reported an epoch (at most 30 seconds); then silence.
        var second = 0
        repeat {
            let time = String(format: "1200%02d.00", second)
            try receiver.send(Array([
                "GPGGA,\(time),4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
                "GPRMC,\(time),A,4807.0380,N,01131.0000,E,022.4,084.4,150325,003.1,W,A",
            ].map { NMEASentence.encode(body: $0) }.joined().utf8))
            second += 1
        } while await !reader.waitForOutput(until: { $0.contains(#""class":"TPV""#) }, timeout: .seconds(1)) && second < 30
        let last = String(format: #""time":"2025-03-15T12:00:%02d.000Z""#, second - 1)
        #expect(await reader.waitForOutput(until: { $0.contains(last) }), "the last epoch, \(last), without a next one: \(reader.output)")
    }

    @Test("gps serve refuses a port that is taken, saying so")
    func portTaken() async throws {
        let holder = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "x"))
        let run = try await Spawned(CommandRunner.gpsPath!, ["serve", "--replay", Self.log, "--listen", "127.0.0.1:\(holder.address.port)"],
                                    mergingStandardError: true).waitForExit()
        await holder.stop()
        #expect(run.status == 1)
        #expect(run.output.contains("Cannot listen on 127.0.0.1:\(holder.address.port): Address already in use"))
    }

    @Test("gps replay --rate 0 --json is the library's JSON for the capture, a TPV and a SKY per epoch; paced, the same")
    func replayJSON() async throws {
        let run = try await Subprocess.run(CommandRunner.gpsPath!, ["replay", Self.log, "--rate", "0", "--json"])
        #expect(run.status == 0)
        var expected: [UInt8] = []
        let capture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.log)))
        capture.withUnsafeBytes { ReportStream.writeJSON(for: $0, device: Self.log) { expected += $0 } }
        #expect(run.output == String(decoding: expected, as: UTF8.self))
        let lines = run.output.split(separator: "\r\n")
        #expect(lines.count == 50)
        #expect(lines.first?.hasPrefix(#"{"class":"TPV","device":""#) == true)
        let paced = try await Subprocess.run(CommandRunner.gpsPath!, ["replay", Self.log, "--rate", "1000", "--json"])
        #expect(paced.output == run.output)
    }

    @Test("gps read gpsd:// against gpsd 3.22: the receiver's fixes, and again after gpsd is restarted",
          .enabled(if: GpsdOnPty.gpsd != nil && CaptureFeeder.capture != nil, "gpsd or ../shared is missing"))
    func readThroughGpsd() async throws {
        let gpsd = try GpsdOnPty(capture: CaptureFeeder.capture!)
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", "gpsd://127.0.0.1:\(gpsd.port)"], mergingStandardError: true)
        defer { reader.signal(SIGINT) }
        func fixLines() -> Int {
            reader.output.split(whereSeparator: \.isNewline).filter { $0.contains("-37.7847") && $0.contains("175.3148") }.count
        }
        #expect(await reader.waitForOutput(until: { _ in fixLines() >= 5 }), "\(reader.output)")
        await gpsd.stop()
        #expect(await reader.waitForOutput(until: { $0.contains("was closed") }), "\(reader.output)")
        let before = fixLines()
        try gpsd.start()
        #expect(await reader.waitForOutput(until: { _ in fixLines() >= before + 5 }), "\(reader.output)")
    }

    @Test("gps read gpsd:// --json: our own TPV and SKY for the NMEA gpsd relays, over IPv4 and IPv6 (gpsd://[::1]:PORT)",
          arguments: ["127.0.0.1", "::1"])
    func readThroughGpsdAsJSON(host: String) async throws {
        let capture = try #require(CaptureFeeder.capture)
        let server = try GPSDServer(address: GPSDAddress(host: host, port: 0), device: GPSDDevice(path: "/dev/ttyTEST"))
        let feeder = CaptureFeeder(server, capture: capture)
        defer {
            feeder.stop()
            // A defer cannot wait: the server stops moments after the test ends.
            Task { await server.stop() }
        }
        let url = "gpsd://\(host.contains(":") ? "[\(host)]" : host):\(server.address.port)"
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", url, "--json"])
        defer { reader.signal(SIGINT) }
        let fix = #"{"class":"TPV","device":"\#(url)","mode":3"#
        #expect(await reader.waitForOutput(until: { $0.components(separatedBy: fix).count > 3 }), "\(reader.output)")
        #expect(reader.output.contains(#"{"class":"SKY","device":"\#(url)""#))
        #expect(reader.output.contains(#""lat":-37.7847"#))
    }

    @Test("gps read on a device gpsd holds names gpsd and suggests gps read gpsd://localhost",
          .enabled(if: python != nil, "python3 is missing"))
    func deviceHeldByGpsd() async throws {
        let receiver = try VirtualReceiver()
        // A stand-in named gpsd that holds the pty with an exclusive lock: the 3.22 daemon
        // opens a pty without making it exclusive, so it cannot make the device busy here.
        let holder = try Spawned(Self.python!, ["-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
            fcntl.flock(fd, fcntl.LOCK_EX)
            open("/proc/self/comm", "w").write("gpsd")
            print("holding", flush=True)
            time.sleep(60)
            """, receiver.devicePath])
        defer { holder.signal(SIGTERM) }
        #expect(await holder.waitForOutput(until: { $0.contains("holding") }))
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", receiver.devicePath], mergingStandardError: true)
        #expect(await reader.waitForOutput(until: { $0.contains("gps read gpsd://localhost") }), "\(reader.output)")
        #expect(reader.output.contains("\(receiver.devicePath) is held by "))
        #expect(reader.output.contains("gpsd (pid \(holder.pid))"))
        // The flow reports the busy device too, once it is running and Ctrl-C is handled.
        #expect(await reader.waitForOutput(until: { $0.contains("is in use by another process") }), "\(reader.output)")
        reader.signal(SIGINT)
        #expect(await reader.waitForExit().status == 0)
    }
}
