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

    @Test("the unit's command serves gpsd's protocol: gpspipe reads a fix from it",
          .enabled(if: Subprocess.find("gpspipe") != nil, "gpspipe (gpsd-clients) is missing"))
    func unitCommandServes() async throws {
        let gps = try #require(CommandRunner.gpsPath, Comment(rawValue: CommandRunner.missingMessage))
        let command = try Self.execStart()
        #expect(command == ["/usr/local/bin/gps", "serve", "--listen", "127.0.0.1:2947"])
        // The same command on a port of its own, for gps simulate's receiver (discovery finds
        // no receiver here).
        let link = NSTemporaryDirectory() + "gps-unit-\(getpid())"
        let simulator = try Spawned(gps, ["simulate", "--pty", "--link", link, "--rate", "5"], mergingStandardError: true)
        defer { simulator.signal(SIGINT) }
        #expect(await simulator.waitForOutput(until: { $0.contains("(link: \(link))") }), "\(simulator.output)")
        let port = freeLoopbackPort()
        let arguments = command.dropFirst().map { $0 == "127.0.0.1:2947" ? "127.0.0.1:\(port)" : $0 }
        let server = try Spawned(gps, [arguments[0], link] + arguments.dropFirst(), mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("serving") }), "\(server.output)")
        let json = try await Subprocess.run(Subprocess.find("gpspipe")!, ["-w", "-n", "40", "127.0.0.1:\(port)"])
        #expect(json.output.contains(#"{"class":"TPV","device":"\#(link)","mode":3"#), "\(json.output)")
    }
}
