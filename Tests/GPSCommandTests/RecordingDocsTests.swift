import Foundation
import Glibc
import Testing
import TestSupport

/// Every command of docs/Recording.md and of docs/CommandLine.md's recording section, run as
/// written (the simulator's `/tmp/gps0` made unique), from a folder laid out as a checkout:
/// `Samples` and `../shared` beside it.
@Suite("docs/Recording.md's commands", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct RecordingDocsTests {
    private static let documents = ["docs/Recording.md", "docs/CommandLine.md", "README.md"].map {
        (try? String(contentsOf: CommandRunner.packageRoot.appendingPathComponent($0), encoding: .utf8)) ?? ""
    }

    private static let tools = ["gpsfake", "xmllint", "gpsbabel", "chromium"].allSatisfy { Subprocess.find($0) != nil }

    /// A folder that looks like a checkout's: `pkg/Samples` and `shared`, linked to the real ones.
    private struct Checkout {
        let root: String
        var package: String { root + "/pkg" }
        let link: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("gps-docs-\(UUID().uuidString)").path
            link = root + "/gps0"
            try FileManager.default.createDirectory(atPath: root + "/pkg/tmp", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/pkg/Samples", withDestinationPath: CommandRunner.packageRoot.appendingPathComponent("Samples").path)
            if let shared = SharedMaterial.root {
                try FileManager.default.createSymbolicLink(atPath: root + "/shared", withDestinationPath: shared.path)
            }
        }

        /// Runs `command` as the docs show it, with `gps` on the PATH, in the package folder.
        func shell(_ command: String) throws -> Spawned {
            #expect(RecordingDocsTests.documents.contains { $0.contains(command) }, "the docs show: \(command)")
            let gpsFolder = URL(fileURLWithPath: CommandRunner.gpsPath!).deletingLastPathComponent().path
            let line = command.replacingOccurrences(of: "/tmp/gps0", with: link)
            return try Spawned(
                "/bin/sh", ["-c", "cd '\(package)' && exec \(line)"],
                environment: ["PATH": gpsFolder + ":/usr/bin:/bin:/usr/sbin", "TMPDIR": package + "/tmp"],
                mergingStandardError: true)
        }

        func run(_ command: String) async throws -> Subprocess {
            try await shell(command).waitForExit(timeout: .seconds(120))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("record a simulated receiver, replay the recording with gps and gpsfake, record again appending",
          .enabled(if: tools && SharedMaterial.root != nil, "gpsd-clients, libxml2-utils, gpsbabel, chromium or ../shared is missing"))
    func recording() async throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        let simulator = try checkout.shell("gps simulate --pty --link /tmp/gps0 --rate 5")
        defer { simulator.signal(SIGINT) }
        try #require(await simulator.waitForOutput(until: { $0.contains("(link: \(checkout.link))") }), "\(simulator.output)")

        let recording = checkout.package + "/ride.nmea"
        let recorder = try checkout.shell("gps record /tmp/gps0 --output ride.nmea")
        #expect(await recorder.waitForOutput(until: { $0.contains("gps: recording \(checkout.link) into ride.nmea; Ctrl-C to stop") }))
        // Past the sample drive's cold start (8 epochs without a fix): fixes are recorded.
        await eventually("some fixes are recorded") {
            (try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0 > 12_000
        }
        recorder.signal(SIGINT)
        let recorded = await recorder.waitForExit()
        #expect(recorded.status == 0, "\(recorded.output)")
        #expect(recorded.output.contains("gps: recorded "), "\(recorded.output)")

        let replay = try await checkout.run("gps replay ride.nmea --rate 0")
        #expect(replay.status == 0)
        #expect(replay.output.contains(" m/s "), "\(replay.output)")
        let gpsfake = try await checkout.run(#"gpsfake -1 -p -q -s 38400 -r '?WATCH={"json":true}' ride.nmea"#)
        #expect(gpsfake.output.contains(#""class":"TPV""#), "\(gpsfake.output)")

        let again = try checkout.shell("gps record /tmp/gps0 --output ride.nmea --append --sync close --rotate 10M --no-header")
        #expect(await again.waitForOutput(until: { $0.contains("gps: recording") }), "\(again.output)")
        let before = (try FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0
        await eventually("the recording grows") {
            (try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0 > before + 2000
        }
        again.signal(SIGINT)
        #expect(await again.waitForExit().status == 0)
    }

    @Test("export the sample drive as GPX and GeoJSON, check them with xmllint and gpsbabel, draw the report in Chromium",
          .enabled(if: tools && SharedMaterial.root != nil, "gpsd-clients, libxml2-utils, gpsbabel, chromium or ../shared is missing"))
    func export() async throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        for command in ["gps replay Samples/captures/drive.nmea --gpx > drive.gpx",
                        "gps replay Samples/captures/drive.nmea --geojson > drive.geojson"] {
            #expect(try await checkout.run(command).status == 0, "\(command)")
        }
        let schema = try await checkout.run("xmllint --noout --schema ../shared/schemas/gpx-1.1.xsd drive.gpx")
        #expect(schema.status == 0 && schema.output.contains("drive.gpx validates"), "\(schema.output)")
        let track = try await checkout.run("gpsbabel -t -i gpx -f drive.gpx -o unicsv -F -")
        #expect(track.output.split(whereSeparator: \.isNewline).count == 91, "a header and 90 fixes: \(track.output)")
        let route = try await checkout.run("gpsbabel -r -i geojson -f drive.geojson -o unicsv -F -")
        #expect(route.output.split(whereSeparator: \.isNewline).count == 91, "\(route.output)")
        let report = try await checkout.run("gps report Samples/captures/drive.nmea --output report.html")
        #expect(report.status == 0)
        #expect(report.output == "gps: wrote report.html\n")
        let screenshot = try await checkout.run("chromium --headless=new --no-sandbox --window-size=1280,2000 --screenshot=report.png report.html")
        #expect(screenshot.status == 0, "\(screenshot.output)")
        #expect(FileManager.default.fileExists(atPath: checkout.package + "/report.png"))
    }
}
