import Foundation
import Testing
import GPSDTestSupport
import TestSupport
@testable import GPSD

/// gpsd's own clients (Debian's `gpsd-clients` and `python3-gps`) reading `GPSDServer`, fed
/// from a real capture. Skipped with a message when the tools or `../shared` are absent.
@Suite("gpsd's clients read the server", .serialized)
struct GpsdClientsTests {
    static let gpspipe = Subprocess.find("gpspipe")
    static let python = Subprocess.find("python3")
    static let cgps = Subprocess.find("cgps")
    static let tmux = Subprocess.find("tmux")

    /// A server on a free port fed by the capture, stopped after `body`.
    private func serving(_ body: (GPSDServer) async throws -> Void) async throws {
        let capture = try #require(CaptureFeeder.capture, Comment(rawValue: SharedMaterial.missingMessage))
        let server = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "/dev/ttyTEST"))
        let feeder = CaptureFeeder(server, capture: capture)
        defer {
            feeder.stop()
            Task { await server.stop() }
        }
        try await body(server)
    }

    private func classes(_ output: String) -> [String] {
        output.split(whereSeparator: \.isNewline).compactMap { String($0).gpsdClass }
    }

    @Test("gpspipe -w gets VERSION, DEVICES, WATCH, then TPV and SKY",
          .enabled(if: gpspipe != nil && CaptureFeeder.capture != nil, "gpspipe (gpsd-clients) or ../shared is missing"))
    func gpspipeJSON() async throws {
        try await serving { server in
            let run = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "12", "127.0.0.1:\(server.address.port)"])
            #expect(run.status == 0)
            let seen = classes(run.output)
            #expect(Array(seen.prefix(3)) == ["VERSION", "DEVICES", "WATCH"])
            #expect(seen.count == 12)
            #expect(seen.contains("TPV") && seen.contains("SKY"))
            #expect(run.output.contains(#""lat":-37.7847"#))
        }
    }

    @Test("two gpspipes at once both get fixes",
          .enabled(if: gpspipe != nil && CaptureFeeder.capture != nil, "gpspipe (gpsd-clients) or ../shared is missing"))
    func twoGpspipes() async throws {
        try await serving { server in
            let arguments = ["-w", "-n", "20", "127.0.0.1:\(server.address.port)"]
            let first = try Spawned(Self.gpspipe!, arguments)
            let second = try Spawned(Self.gpspipe!, arguments)
            for run in [await first.waitForExit(), await second.waitForExit()] {
                #expect(run.status == 0)
                #expect(classes(run.output).filter { $0 == "TPV" }.count >= 5)
            }
        }
    }

    @Test("gpspipe -r gets the receiver's own sentences",
          .enabled(if: gpspipe != nil && CaptureFeeder.capture != nil, "gpspipe (gpsd-clients) or ../shared is missing"))
    func gpspipeNMEA() async throws {
        try await serving { server in
            let run = try await Subprocess.run(Self.gpspipe!, ["-r", "-n", "30", "127.0.0.1:\(server.address.port)"])
            #expect(run.status == 0)
            let sentences = run.output.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("$") }
            #expect(sentences.count >= 20)
            #expect(sentences.contains { $0.hasPrefix("$GPGGA,") })
            let capture = String(decoding: CaptureFeeder.capture!, as: UTF8.self)
            #expect(sentences.allSatisfy { capture.contains($0) })
        }
    }

    @Test("Python's gps module reads our TPVs",
          .enabled("python3-gps or ../shared is missing") { await pythonHasGPS() && CaptureFeeder.capture != nil })
    func pythonClient() async throws {
        try await serving { server in
            let script = """
                import gps
                session = gps.gps(host="127.0.0.1", port="\(server.address.port)", mode=gps.WATCH_ENABLE | gps.WATCH_JSON)
                fixes = 0
                while fixes < 3:
                    report = session.next()
                    if report["class"] == "TPV" and report.get("mode", 0) >= 2:
                        print("%.6f %.6f %s" % (report.lat, report.lon, report.time))
                        fixes += 1
                """
            let run = try await Subprocess.run(Self.python!, ["-c", script])
            #expect(run.status == 0)
            let lines = run.output.split(whereSeparator: \.isNewline)
            #expect(lines.count == 3)
            // Whichever fixes of the looping capture it reads: they lie within 2 m of one another,
            // from 175.314892° to 175.314903° east, a digit that a prefix test would trip over.
            #expect(lines.allSatisfy { line in
                let fields = line.split(separator: " ")
                guard fields.count == 3, let latitude = Double(fields[0]), let longitude = Double(fields[1]) else { return false }
                return abs(latitude + 37.784793) < 0.00002 && abs(longitude - 175.314898) < 0.00002 && fields[2].hasSuffix("Z")
            }, "\(run.output)")
        }
    }

    /// Whether python3 is here and imports gps (python3-gps).
    static func pythonHasGPS() async -> Bool {
        guard let python else { return false }
        return (try? await Subprocess.run(python, ["-c", "import gps"]))?.status == 0
    }

    @Test("cgps in tmux shows our fix",
          .enabled(if: cgps != nil && tmux != nil && CaptureFeeder.capture != nil, "cgps, tmux or ../shared is missing"))
    func cgpsShowsTheFix() async throws {
        try await serving { server in
            let session = "gpsreader-cgps-\(getpid())-\(server.address.port)"
            let started = try await Subprocess.run(Self.tmux!, [
                "new-session", "-d", "-s", session, "-x", "100", "-y", "40",
                "\(Self.cgps!) 127.0.0.1:\(server.address.port)",
            ])
            #expect(started.status == 0)
            // Nothing below throws before the session is killed (a defer cannot await).
            var screen = ""
            await eventually("cgps shows the fix", pollingLimit: .milliseconds(200)) {
                screen = (try? await Subprocess.run(Self.tmux!, ["capture-pane", "-p", "-t", session]))?.output ?? ""
                return screen.contains("37.78") && screen.contains("175.31")
            }
            _ = try? await Subprocess.run(Self.tmux!, ["kill-session", "-t", session])
            #expect(screen.contains("37.78"), "cgps screen:\n\(screen)")
            #expect(screen.contains("175.31"))
            #expect(screen.contains("3D FIX"))
        }
    }
}
