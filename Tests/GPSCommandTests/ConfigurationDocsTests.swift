import Foundation
import Glibc
import Testing
import TestSupport
import UBX

/// Every command docs/Configuration.md shows, run against the simulated receivers, and every
/// frame it says `gps config` writes, compared byte for byte with what it wrote; the u-blox
/// lines of README.md and docs/CommandLine.md too.
@Suite("docs/Configuration.md's commands", .serialized, .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct ConfigurationDocsTests {
    private static func document(_ path: String) -> String {
        (try? String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    private static let page = document("docs/Configuration.md")

    /// The text of the section that starts with `heading`, up to the next heading of its level or above.
    private static func section(_ heading: String, in text: String = page) -> String {
        guard let start = text.range(of: "\n" + heading + "\n") else { return "" }
        let level = heading.prefix { $0 == "#" }.count
        let rest = text[start.upperBound...]
        let end = rest.ranges(of: "\n#").first { range in
            rest[range.lowerBound...].dropFirst().prefix { $0 == "#" }.count <= level
        }
        return String(rest[..<(end?.lowerBound ?? rest.endIndex)])
    }

    /// The command lines of a section's `sh` blocks, without their comments.
    private static func commands(in text: String) -> [String] {
        text.components(separatedBy: "```sh\n").dropFirst().flatMap { block in
            block.components(separatedBy: "```")[0].split(separator: "\n").map { line in
                String(line.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The backticked frames of a table row (`b5 62 …`).
    private static func frames(inRow row: String) -> [String] {
        row.components(separatedBy: "`").filter { $0.hasPrefix("b5 62 ") }
    }

    private static func hex(_ frame: [UInt8]) -> String {
        frame.map { String(format: "%02x", $0) }.joined(separator: " ")
    }

    /// `gps …` as an argument list for `device`.
    private static func arguments(_ command: String, device: String, replacing placeholder: String) -> [String] {
        command.replacingOccurrences(of: placeholder, with: device).split(separator: " ").dropFirst().map(String.init)
    }

    @Test("Each wish's commands succeed on both simulated receivers, and write exactly the frames its table shows", arguments: [
        "### 10 Hz", "### Galileo on", "### 115200 bit/s", "### NAV-PVT on", "### Save", "### Back to the defaults",
    ])
    func wish(heading: String) async throws {
        let text = Self.section(heading)
        let commands = Self.commands(in: text)
        #expect(!commands.isEmpty, "\(heading) shows its commands")
        for (generation, name) in [(UBXGeneration.legacy, "NEO-M8N"), (.configurationKeys, "ZED-F9P")] {
            let simulated = try SimulatedUBlox(generation)
            for command in commands {
                let outcome = try await CommandRunner.run(Self.arguments(command, device: simulated.path, replacing: "/dev/ttyUSB0"))
                #expect(outcome.status == 0, "\(name): \(command): \(outcome.errorOutput)")
            }
            let row = text.split(separator: "\n").first { $0.hasPrefix("| \(name) ") }.map(String.init) ?? ""
            let written = simulated.commands.map(Self.hex)
            #expect(written == Self.frames(inRow: row), "\(name): \(heading)")
            await simulated.stop()
        }
    }

    @Test("gps info and gps info --json on the simulated NEO-M8N print what the page shows")
    func info() async throws {
        let text = Self.section("## What it is")
        let commands = Self.commands(in: text)
        #expect(commands == ["gps info /dev/ttyUSB0", "gps info /dev/ttyUSB0 --json"])
        let simulated = try SimulatedUBlox(.legacy)
        let shown = text.components(separatedBy: "```\n")[2]
        let screen = try await CommandRunner.run(Self.arguments(commands[0], device: simulated.path, replacing: "/dev/ttyUSB0"))
        #expect(screen.status == 0 && screen.output == shown, "\(screen.errorOutput)")
        let json = try await CommandRunner.run(Self.arguments(commands[1], device: simulated.path, replacing: "/dev/ttyUSB0"))
        #expect(json.status == 0, "\(json.errorOutput)")
        for key in ["module", "firmware", "protocolVersion", "generation", "measurementPeriodMs", "rateHz", "gnss", "port",
                    "baudRate", "inputProtocols", "outputProtocols", "messages"] {
            #expect(json.output.contains("\"\(key)\":") && text.contains("`\(key)`"), "\(key)")
        }
        #expect(simulated.commands.isEmpty)
        await simulated.stop()
    }

    /// Runs the command line `gps …` through `Spawned`, whose pipe no other child inherits:
    /// a `gps simulate` spawned meanwhile by another test must not hold it open (the output of a
    /// Foundation `Process` it would inherit, and keep open until it is stopped).
    private static func gps(_ line: String) async throws -> Subprocess {
        try await Spawned(CommandRunner.gpsPath!, line.split(separator: " ").dropFirst().map(String.init), mergingStandardError: true)
            .waitForExit(timeout: .seconds(60))
    }

    /// The simulators the page starts, each on a link of its own, and the page's links mapped to them.
    private final class Simulators: Sendable {
        let folder: String
        let processes: [Spawned]

        init(_ commands: [String]) async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ublox-docs-\(UUID().uuidString)").path
            self.folder = folder
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var processes: [Spawned] = []
            for command in commands {
                let arguments = command.replacingOccurrences(of: "/tmp/", with: folder + "/").split(separator: " ").dropFirst()
                let process = try Spawned(CommandRunner.gpsPath!, arguments.map(String.init))
                #expect(await process.waitForOutput { $0.contains("(link: \(folder)/") }, "\(command)")
                processes.append(process)
            }
            self.processes = processes
        }

        func local(_ line: String) -> String { line.replacingOccurrences(of: "/tmp/", with: folder + "/") }

        func stop() async {
            for process in processes {
                process.signal(SIGTERM)
                _ = await process.waitForExit(timeout: .seconds(10))
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test("gps simulate --ublox starts both receivers; every line of the comparison with ubxtool runs against them")
    func comparison() async throws {
        let simulators = try await Simulators(Self.commands(in: Self.section("## Try it without a receiver")))
        let table = Self.section("## Compared with ubxtool")
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }.joined(separator: "\n")
        let lines = rows.components(separatedBy: "`").filter { $0.hasPrefix("ubxtool ") || $0.hasPrefix("gps config ") }
        #expect(lines.count == 9)
        let hasUbxtool = FileManager.default.isExecutableFile(atPath: "/usr/bin/ubxtool")
        for line in lines {
            if line.hasPrefix("ubxtool ") {
                guard hasUbxtool else { continue }
                let arguments = simulators.local(line).split(separator: " ").dropFirst().map(String.init)
                let outcome = try await Spawned("/usr/bin/python3", ["/usr/bin/ubxtool", "-w", "1", "-v", "2"] + arguments,
                                                mergingStandardError: true).waitForExit(timeout: .seconds(60))
                let answered = ["UBX-MON-VER:\n  swVersion", "UBX-CFG-RATE:\n measRate", "UBX-ACK-ACK:", "UBX-CFG-VALGET:\n version 1"]
                #expect(outcome.status == 0 && answered.contains { outcome.output.contains($0) }, "\(line): \(outcome.output)")
            } else {
                let outcome = try await Self.gps(simulators.local(line))
                #expect(outcome.status == 0, "\(line): \(outcome.output)")
            }
        }
        await simulators.stop()
    }

    @Test("docs/CommandLine.md's u-blox section runs as shown on both simulated receivers")
    func commandLineSection() async throws {
        let text = Self.section("## u-blox receivers: `gps info` and `gps config`", in: Self.document("docs/CommandLine.md"))
        let commands = Self.commands(in: text)
        #expect(commands.count == 2)
        for generation in [UBXGeneration.legacy, .configurationKeys] {
            let simulated = try SimulatedUBlox(generation)
            for command in commands {
                let outcome = try await CommandRunner.run(Self.arguments(command, device: simulated.path, replacing: "/dev/ttyUSB0"))
                #expect(outcome.status == 0, "\(generation): \(command): \(outcome.errorOutput)")
            }
            // A legacy receiver saves once, with CFG-CFG; a later one takes each change into flash.
            #expect(simulated.settings.saves == (generation == .legacy ? 1 : 3) && simulated.settings.messageRates[.navPVT] == 1)
            await simulated.stop()
        }
    }

    @Test("The u-blox lines of README.md and docs/CommandLine.md run as shown")
    func readmeLines() async throws {
        var lines: [String] = []
        for line in ["README.md", "docs/CommandLine.md"].flatMap({ path in
            Self.document(path).split(separator: "\n").filter { $0.contains("--ublox") || $0.contains(" gps info ") || $0.contains(" gps config ") }
                .filter { $0.hasPrefix("swift run gps ") }
                .map { String($0.dropFirst("swift run ".count).split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces) }
        }) where !lines.contains(line) {
            lines.append(line)
        }
        #expect(lines.count == 3, "\(lines)")
        let simulators = try await Simulators(lines.filter { $0.hasPrefix("gps simulate") })
        for line in lines where !line.hasPrefix("gps simulate") {
            let outcome = try await Self.gps(simulators.local(line))
            #expect(outcome.status == 0, "\(line): \(outcome.output)")
        }
        await simulators.stop()
    }
}
