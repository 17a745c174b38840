import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// `gps serve` with several receivers, each a real pty playing a capture of its own, read by
/// gpsd's own clients (gpspipe, Python's `gps`, gpsdctl, cgps in tmux); receivers unplugged,
/// added and removed while it serves. Everything on 127.0.0.1 (and ::1), on free ports.
@Suite("gps serve with several receivers", .serialized,
       .enabled(if: CommandRunner.gpsPath != nil && SharedMaterial.gpsdLogs != nil, "the gps product or ../shared is missing"))
struct ServeDevicesCommandTests {
    static let gpspipe = Subprocess.find("gpspipe")
    static let gpsdctl = Subprocess.find("gpsdctl")
    static let python = Subprocess.find("python3")
    static let cgps = Subprocess.find("cgps")
    static let tmux = Subprocess.find("tmux")

    /// Hamilton, New Zealand (-37.78, 175.31): gpsd's BU-353S4 log.
    static let hamilton = SharedMaterial.gpsdLogs?.appendingPathComponent("bu353s4.log").path ?? ""
    /// Munich (48.13, 11.57): the sample drive.
    static let munich = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path

    /// A receiver on a pty playing `capture` in a loop until the test ends.
    final class PlayingReceiver: Sendable {
        let receiver: VirtualReceiver
        private let playing: Task<Void, Never>

        init(_ capture: String, linkPath: String? = nil) throws {
            let receiver = try VirtualReceiver(linkPath: linkPath)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: capture)))
            self.receiver = receiver
            playing = Task { while !Task.isCancelled, !receiver.isUnplugged { try? await receiver.play(bytes, pace: .linesPerSecond(300)) } }
        }

        var path: String { receiver.devicePath }

        deinit { playing.cancel() }
    }

    private func serving(_ arguments: [String]) async throws -> (Spawned, UInt16) {
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve"] + arguments + ["--listen", "127.0.0.1:\(port)"], mergingStandardError: true)
        #expect(await server.waitForOutput(until: { $0.contains("Ctrl-C to stop") }), "\(server.output)")
        return (server, port)
    }

    /// Reads a watching client until each of `paths` sent a 3D TPV; the lines read.
    private func linesUntilEachReports(_ client: TestClient, _ paths: [String]) async -> [String]? {
        var waiting = Set(paths)
        return await client.lines(until: { line in
            for path in waiting where line.hasPrefix(#"{"class":"TPV","device":"\#(path)","mode":3"#) { waiting.remove(path) }
            return waiting.isEmpty
        })
    }

    @Test("gps serve A B C: DEVICES lists the three, gpspipe -w gets each one's TPVs, each naming its device",
          .enabled(if: gpspipe != nil, "gpspipe (gpsd-clients) is missing"))
    func threeDevices() async throws {
        let receivers = try [Self.hamilton, Self.munich, Self.munich].map { try PlayingReceiver($0) }
        let (server, port) = try await serving(receivers.map(\.path))
        defer { server.signal(SIGINT) }
        let run = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "200", "127.0.0.1:\(port)"])
        let devices = try #require(run.output.split(whereSeparator: \.isNewline).first { $0.hasPrefix(#"{"class":"DEVICES""#) })
        for receiver in receivers {
            #expect(devices.contains(#"{"class":"DEVICE","path":"\#(receiver.path)""#), "\(devices)")
            // The sample drive starts cold: its first epochs have no fix (mode 1).
            #expect(run.output.contains(#"{"class":"TPV","device":"\#(receiver.path)","mode":"#), "\(run.output)")
            #expect(run.output.contains(#"{"class":"SKY","device":"\#(receiver.path)""#), "\(run.output)")
        }
        #expect(run.output.contains(#""device":"\#(receivers[0].path)","mode":3"#) && run.output.contains(#""lat":-37.78"#))
    }

    @Test("Python's gps watching one device (devpath=) gets only that device's fixes",
          .enabled("python3-gps is missing") { await pythonHasGPS() })
    func pythonWatchesOneDevice() async throws {
        let hamilton = try PlayingReceiver(Self.hamilton)
        let munich = try PlayingReceiver(Self.munich)
        let (server, port) = try await serving([hamilton.path, munich.path])
        defer { server.signal(SIGINT) }
        let script = """
            import gps
            session = gps.gps(host="127.0.0.1", port="\(port)")
            session.stream(gps.WATCH_ENABLE | gps.WATCH_JSON | gps.WATCH_DEVICE, devpath="\(munich.path)")
            fixes = 0
            while fixes < 5:
                report = session.next()
                if report["class"] == "TPV" and report.get("mode", 0) >= 2:
                    print("%s %.3f %.3f" % (report.device, report.lat, report.lon))
                    fixes += 1
            """
        let run = try await Subprocess.run(Self.python!, ["-c", script])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(whereSeparator: \.isNewline)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.hasPrefix("\(munich.path) 48.13") }, "\(run.output)")
    }

    @Test("a receiver unplugged: watching clients get its DEVICE notice with activated 0, and the other goes on reporting")
    func unplugOne() async throws {
        let kept = try PlayingReceiver(Self.hamilton)
        let unplugged = try PlayingReceiver(Self.munich)
        let (server, port) = try await serving([kept.path, unplugged.path])
        defer { server.signal(SIGINT) }
        let client = try TestClient(port: port)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [kept.path, unplugged.path]) != nil)
        unplugged.receiver.unplug()
        let notice = #"{"class":"DEVICE","path":"\#(unplugged.path)","activated":0}"#
        #expect(await client.lines(until: { $0 == notice }) != nil, "no deactivation notice: \(server.output)")
        #expect(await linesUntilEachReports(client, [kept.path]) != nil)
        #expect(await server.waitForOutput(until: { $0.contains("unplugged") }), "\(server.output)")
    }

    @Test("gps serve DEVICE, one receiver unplugged: the DEVICE notice; plugged back at its link, activated again and reporting")
    func unplugAndReplug() async throws {
        let link = NSTemporaryDirectory() + "gps-replug-\(getpid())"
        var receiver: PlayingReceiver? = try PlayingReceiver(Self.hamilton, linkPath: link)
        let (server, port) = try await serving([link])
        defer { server.signal(SIGINT) }
        let client = try TestClient(port: port)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [link]) != nil)
        receiver?.receiver.unplug()
        receiver = nil
        #expect(await client.lines(until: { $0 == #"{"class":"DEVICE","path":"\#(link)","activated":0}"# }) != nil)
        receiver = try PlayingReceiver(Self.hamilton, linkPath: link)
        let activated = await client.lines(until: { $0.hasPrefix(#"{"class":"DEVICE","path":"\#(link)","driver":"NMEA0183","activated":"20"#) })
        #expect(activated != nil)
        #expect(await linesUntilEachReports(client, [link]) != nil)
        _ = receiver
    }

    @Test("--control: gpsdctl add and remove a receiver while it serves; garbage, a file that is no device, an unknown removal are ERROR; added twice, by any of its names, is one device",
          .enabled(if: gpsdctl != nil, "gpsdctl (gpsd-clients) is missing"))
    func controlSocket() async throws {
        let first = try PlayingReceiver(Self.hamilton)
        let added = try PlayingReceiver(Self.munich)
        let control = NSTemporaryDirectory() + "gps-control-\(getpid()).sock"
        let (server, port) = try await serving([first.path, "--control", control])
        defer { server.signal(SIGINT) }
        // gpsdctl starts a gpsd of its own when the socket is missing: it is there by now.
        #expect(FileManager.default.fileExists(atPath: control))
        let client = try TestClient(port: port)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [first.path]) != nil)

        let add = try await runGpsdctl("add", added.path, socket: control)
        #expect(add.status == 0, "\(add.output)")
        #expect(await client.lines(until: { $0.hasPrefix(#"{"class":"DEVICE","path":"\#(added.path)","driver":"NMEA0183","activated""#) }) != nil)
        #expect(await linesUntilEachReports(client, [first.path, added.path]) != nil)

        #expect(await controlExchange(control, "+\(added.path)\r\n") == "ERROR\n")
        // Another name of the same device, as udev's $devnode is for discovery's by-id link.
        let otherName = NSTemporaryDirectory() + "gps-other-name-\(getpid())"
        try FileManager.default.createSymbolicLink(atPath: otherName, withDestinationPath: added.path)
        defer { try? FileManager.default.removeItem(atPath: otherName) }
        #expect(await controlExchange(control, "+\(otherName)\r\n") == "ERROR\n")
        #expect(await controlExchange(control, "garbage\r\n") == "ERROR\n")
        #expect(await controlExchange(control, "+\(Self.munich)\r\n") == "ERROR\n")
        #expect(await controlExchange(control, "+/dev/gpsreader-none\r\n") == "ERROR\n")
        #expect(await controlExchange(control, "-/dev/gpsreader-none\r\n") == "ERROR\n")
        #expect(await controlExchange(control, "?devices\n", lines: 3) == "\(first.path)\n\(added.path)\nOK\n")

        let remove = try await runGpsdctl("remove", added.path, socket: control)
        #expect(remove.status == 0, "\(remove.output)")
        #expect(await client.lines(until: { $0 == #"{"class":"DEVICE","path":"\#(added.path)","activated":0}"# }) != nil)
        client.send("?DEVICES;")
        let devices = await client.lines(until: { $0.hasPrefix(#"{"class":"DEVICES""#) })?.last ?? ""
        #expect(devices.contains(first.path) && !devices.contains(added.path), "\(devices)")
        server.signal(SIGINT)
        #expect(await server.waitForExit().status == 0)
        #expect(!FileManager.default.fileExists(atPath: control))
    }

    @Test("a refused control command is logged with its reason: gpsdctl exits 0 whatever the answer, so the log is where it shows",
          .enabled(if: gpsdctl != nil, "gpsdctl (gpsd-clients) is missing"))
    func refusalsAreLogged() async throws {
        let control = NSTemporaryDirectory() + "gps-control-refused-\(getpid()).sock"
        let (server, _) = try await serving(["--control", control])
        defer { server.signal(SIGINT) }
        #expect(try await runGpsdctl("add", "/nonexistent", socket: control).status == 0, "gpsdctl's own answer")
        #expect(await server.waitForOutput(until: {
            $0.contains("gps: refused to add /nonexistent (control socket): ") && $0.contains("/nonexistent")
        }), "\(server.output)")
        #expect(try await runGpsdctl("remove", "/dev/gpsreader-none", socket: control).status == 0)
        #expect(await server.waitForOutput(until: {
            $0.contains("gps: refused to remove /dev/gpsreader-none (control socket): it is not served\n")
        }), "\(server.output)")
    }

    @Test("--control: adding /dev/null, /dev/kmsg or a directory is ERROR, with the reason on standard error; the server serves on")
    func controlRefusesWhatIsNoSerialDevice() async throws {
        let first = try PlayingReceiver(Self.hamilton)
        let control = NSTemporaryDirectory() + "gps-control-refusal-\(getpid()).sock"
        let (server, port) = try await serving([first.path, "--control", control])
        defer { server.signal(SIGINT) }
        for path in ["/dev/null", "/dev/kmsg", NSTemporaryDirectory()] where access(path, F_OK) == 0 {
            #expect(await controlExchange(control, "+\(path)\r\n") == "ERROR\n", "\(path)")
            #expect(await server.waitForOutput(until: { $0.contains("gps: refused to add \(path) (control socket): \(path) is a") }),
                    "\(server.output)")
        }
        #expect(await controlExchange(control, "?devices\n", lines: 2) == "\(first.path)\nOK\n")
        let client = try TestClient(port: port)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [first.path]) != nil)
        server.signal(SIGINT)
        #expect(await server.waitForExit().status == 0)
    }

    @Test("a receiver served by a link is removed by its device node, as udev's gpsdctl remove $devnode names it: the DEVICE notice, and DEVICES without it")
    func removalByDeviceNode() async throws {
        let link = NSTemporaryDirectory() + "gps-by-id-\(getpid())"
        let receiver = try PlayingReceiver(Self.munich, linkPath: link)
        let control = NSTemporaryDirectory() + "gps-control-node-\(getpid()).sock"
        let (server, port) = try await serving([link, "--control", control])
        defer { server.signal(SIGINT) }
        let client = try TestClient(port: port)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [link]) != nil)
        let node = try FileManager.default.destinationOfSymbolicLink(atPath: link)
        #expect(node.hasPrefix("/dev/pts/"), "\(node)")
        #expect(await controlExchange(control, "+\(node)\r\n") == "ERROR\n")
        #expect(await controlExchange(control, "-\(node)\r\n") == "OK\n")
        #expect(await client.lines(until: { $0 == #"{"class":"DEVICE","path":"\#(link)","activated":0}"# }) != nil)
        #expect(await controlExchange(control, "?devices\n") == "OK\n")
        #expect(await controlExchange(control, "-\(node)\r\n") == "ERROR\n")
        _ = receiver
    }

    @Test("cgps in tmux, pointed at one of two devices (HOST:PORT:DEVICE), shows that device's fix",
          .enabled(if: cgps != nil && tmux != nil, "cgps or tmux is missing"))
    func cgpsChoosesADevice() async throws {
        let hamilton = try PlayingReceiver(Self.hamilton)
        let munich = try PlayingReceiver(Self.munich)
        let (server, port) = try await serving([hamilton.path, munich.path])
        defer { server.signal(SIGINT) }
        let session = "gpsreader-cgps-devices-\(getpid())-\(port)"
        let started = try await Subprocess.run(Self.tmux!, [
            "new-session", "-d", "-s", session, "-x", "100", "-y", "40", "\(Self.cgps!) 127.0.0.1:\(port):\(munich.path)",
        ])
        #expect(started.status == 0)
        // Nothing below throws before the session is killed (a defer cannot await).
        var screen = ""
        await eventually("cgps shows the fix", pollingLimit: .milliseconds(200)) {
            screen = (try? await Subprocess.run(Self.tmux!, ["capture-pane", "-p", "-t", session]))?.output ?? ""
            return screen.contains("48.13") && screen.contains("3D FIX")
        }
        _ = try? await Subprocess.run(Self.tmux!, ["kill-session", "-t", session])
        #expect(screen.contains("48.13") && screen.contains("11.5"), "cgps screen:\n\(screen)")
        #expect(!screen.contains("37.78"), "cgps screen:\n\(screen)")
    }

    @Test("200 watching clients over 3 devices: each gets every device's fixes; the server's memory grows by less than their queues' bound")
    func twoHundredClients() async throws {
        let receivers = try [Self.hamilton, Self.munich, Self.munich].map { try PlayingReceiver($0) }
        let (server, port) = try await serving(receivers.map(\.path))
        defer { server.signal(SIGINT) }
        let before = residentBytes(of: server.pid)
        // Connected first, watching only once all are read at once (`readEach`): sent the
        // request one after another and read later, the first clients' bytes waited while the
        // rest connected, and on a loaded machine some fell more than their queue behind and
        // were dropped, as the server drops any client that does not read.
        let clients = try (0..<200).map { _ in try TestClient(port: port) }
        let reported = await TestClient.readEach(
            clients, afterSending: #"?WATCH={"enable":true,"json":true};"#,
            untilEachOf: receivers.map { #"{"class":"TPV","device":"\#($0.path)","mode":3"# })
        #expect(reported.allSatisfy { $0 }, "\(reported.count { !$0 }) of 200 clients did not get a 3D fix of every device; the server said:\n\(server.output)")
        let after = residentBytes(of: server.pid)
        // Each client costs at most its queue (64 KiB) and a read buffer: 200 of them, 16 MB.
        #expect(after - before < 200 * 80 * 1024, "resident \(before) -> \(after) bytes")
    }

    @Test("30 ?POLL in one write to gps serve with 3 devices: 30 POLL answers, in order, then the next answer")
    func pipelinedPolls() async throws {
        let receivers = try [Self.hamilton, Self.munich, Self.munich].map { try PlayingReceiver($0) }
        let (server, port) = try await serving(receivers.map(\.path))
        defer { server.signal(SIGINT) }
        let watcher = try TestClient(port: port)
        watcher.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(watcher, receivers.map(\.path)) != nil)
        let client = try TestClient(port: port)
        #expect(await client.line()?.gpsdClass == "VERSION")
        client.send(String(repeating: "?POLL;", count: 30) + "?VERSION;")
        var classes: [String] = []
        while let line = await client.line(), let name = line.gpsdClass {
            classes.append(name)
            if name == "VERSION" { break }
        }
        #expect(classes == Array(repeating: "POLL", count: 30) + ["VERSION"])
    }

    @Test("--listen [::1]:PORT serves IPv6 loopback", .enabled(if: hasIPv6Loopback(), "this machine has no IPv6 loopback"))
    func ipv6() async throws {
        let receiver = try PlayingReceiver(Self.hamilton)
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", receiver.path, "--listen", "[::1]:\(port)"], mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("on [::1]:\(port); Ctrl-C to stop") }), "\(server.output)")
        let client = try TestClient(port: port, ipv6: true)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [receiver.path]) != nil)
    }

    @Test("the lines of docs/GPSD.md and docs/CommandLine.md: gps simulate's receivers served, gpsdctl add and remove, gps serve with none, udev-rules --control",
          .enabled(if: gpsdctl != nil, "gpsdctl (gpsd-clients) is missing"))
    func documentedCommands() async throws {
        let directory = NSTemporaryDirectory() + "gps-docs-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let links = (0..<3).map { "\(directory)/gps\($0)" }
        var simulators: [Spawned] = []
        for link in links {
            let simulator = try Spawned(CommandRunner.gpsPath!, ["simulate", "--pty", "--link", link, "--rate", "5"], mergingStandardError: true)
            #expect(await simulator.waitForOutput(until: { $0.contains("(link: \(link))") }), "\(simulator.output)")
            simulators.append(simulator)
        }
        defer { for simulator in simulators { simulator.signal(SIGINT) } }
        let control = "\(directory)/gps.sock"
        let (server, port) = try await serving([links[0], links[1], "--control", control])
        defer { server.signal(SIGINT) }
        let client = try TestClient(port: port)
        client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(await linesUntilEachReports(client, [links[0], links[1]]) != nil)
        #expect(try await runGpsdctl("add", links[2], socket: control).status == 0)
        #expect(await linesUntilEachReports(client, links) != nil)
        #expect(try await runGpsdctl("remove", links[2], socket: control).status == 0)
        #expect(await client.lines(until: { $0 == #"{"class":"DEVICE","path":"\#(links[2])","activated":0}"# }) != nil)

        // No DEVICE and no receiver discovery finds: it serves, waiting for one.
        let (waiting, waitingPort) = try await serving([])
        defer { waiting.signal(SIGINT) }
        let devices = try await Subprocess.run(Self.gpspipe ?? "/usr/bin/gpspipe", ["-w", "-n", "3", "127.0.0.1:\(waitingPort)"])
        #expect(devices.output.contains(#"{"class":"DEVICES","devices":[]}"#) || !SerialPort.availableDevices().isEmpty, "\(devices.output)")

        let rules = try await CommandRunner.run(["udev-rules", "--control", "/run/gps/control.sock"])
        #expect(rules.status == 0)
        #expect(rules.output.contains(#"TEST=="/run/gps/control.sock", ENV{GPSD_SOCKET}="/run/gps/control.sock", RUN+="/usr/sbin/gpsdctl add $devnode""#))
        #expect(rules.output.contains(#"TEST=="/run/gps/control.sock", ENV{GPSD_SOCKET}="/run/gps/control.sock", RUN+="/usr/sbin/gpsdctl remove $devnode""#))
    }

    static func pythonHasGPS() async -> Bool {
        guard let python else { return false }
        return (try? await Subprocess.run(python, ["-c", "import gps"]))?.status == 0
    }

    /// gpsd's own `gpsdctl ACTION DEVICE`, told the socket as udev's rule tells it (`GPSD_SOCKET`).
    private func runGpsdctl(_ action: String, _ device: String, socket: String) async throws -> Subprocess {
        try await Spawned(Self.gpsdctl!, [action, device], environment: ["GPSD_SOCKET": socket], mergingStandardError: true).waitForExit()
    }

    /// VmRSS of a process, in bytes.
    private func residentBytes(of pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
