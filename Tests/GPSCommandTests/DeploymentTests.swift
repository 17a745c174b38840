import Foundation
import Glibc
import Testing
import TestSupport

/// What docs/Deployment.md ships: the systemd unit is one systemd accepts, and it starts a `gps`
/// that serves.
@Suite("Deployment")
struct DeploymentTests {
    private static let unit = CommandRunner.packageRoot.appendingPathComponent("systemd/gps-serve.service")

    /// The unit's `ExecStart=` line, split into its words.
    private static func execStart() throws -> [String] {
        let text = try String(contentsOf: unit, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        return line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
    }

    @Test("systemd-analyze verifies the unit, with gps where ExecStart= names it, without a warning")
    func unitVerifies() async throws {
        guard let analyze = Subprocess.find("systemd-analyze") else {
            print("systemd-analyze is not installed: skipping"); return
        }
        let gps = try #require(CommandRunner.gpsPath, Comment(rawValue: CommandRunner.missingMessage))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: Self.unit, encoding: .utf8)
            .replacingOccurrences(of: "ExecStart=/usr/local/bin/gps ", with: "ExecStart=\(gps) ")
        let copy = folder.appendingPathComponent("gps-serve.service")
        try text.write(to: copy, atomically: true, encoding: .utf8)

        let outcome = try await CommandRunner.run(["verify", copy.path], program: analyze)
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput.isEmpty, "\(outcome.errorOutput)")
    }

    @Test("the unit's command serves gpsd's protocol with gpsd's control socket: gpsdctl adds a receiver as udev's rule would, and gpspipe reads its fix",
          .enabled(if: Subprocess.find("gpspipe") != nil && Subprocess.find("gpsdctl") != nil, "gpspipe (gpsd-clients) or gpsdctl (gpsd) is missing"))
    func unitCommandServes() async throws {
        let gps = try #require(CommandRunner.gpsPath, Comment(rawValue: CommandRunner.missingMessage))
        let command = try Self.execStart()
        #expect(command == ["/usr/local/bin/gps", "serve", "--listen", "127.0.0.1:2947", "--control", "/run/gps/control.sock"])
        #expect(try String(contentsOf: Self.unit, encoding: .utf8).contains("\nRuntimeDirectory=gps\n"))
        // The same command on a port and a socket of its own; gps simulate's receiver is
        // plugged in once it serves (discovery finds no receiver here).
        let folder = NSTemporaryDirectory() + "gps-unit-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = freeLoopbackPort()
        let arguments = command.dropFirst().map {
            $0 == "127.0.0.1:2947" ? "127.0.0.1:\(port)" : $0 == "/run/gps/control.sock" ? "\(folder)/control.sock" : $0
        }
        let server = try Spawned(gps, Array(arguments), mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("serving") }), "\(server.output)")
        let link = "\(folder)/gps0"
        let simulator = try Spawned(gps, ["simulate", "--pty", "--link", link, "--rate", "5"], mergingStandardError: true)
        defer { simulator.signal(SIGINT) }
        #expect(await simulator.waitForOutput(until: { $0.contains("(link: \(link))") }), "\(simulator.output)")
        let add = try await Spawned(Subprocess.find("gpsdctl")!, ["add", link], environment: ["GPSD_SOCKET": "\(folder)/control.sock"],
                                    mergingStandardError: true).waitForExit()
        #expect(add.status == 0, "\(add.output)")
        let json = try await Subprocess.run(Subprocess.find("gpspipe")!, ["-w", "-n", "40", "127.0.0.1:\(port)"])
        #expect(json.output.contains(#"{"class":"TPV","device":"\#(link)","mode":3"#), "\(json.output)")
    }
}
