import Foundation
import Testing
import TestSupport

/// RTK end to end: RTKLIB's caster serving the F9T log's frames → `gps read PTY --ntrip …` →
/// `gps simulate`'s receiver, which answers the corrections → RTK fixed in the fix lines, and in
/// `gps serve`'s TPV as gpsd writes it (`"status":3`, gpsd_json(5): 2 DGPS, 3 RTK fixed, 4 RTK float).
/// The corrections' age (GGA's, TPV `dgpsAge`) is written as gpsd writes it: when above 0.09 s or
/// the base's id is not 0, so at this caster's pace, from base 0, it is left out. `gps record`
/// and `gps publish` feed their receivers the same way; with no caster at all, the receiver is
/// read throughout.
@Suite("gps with --ntrip", .serialized)
struct NTRIPCommandTests {
    @Test("gps read --ntrip into a pipe: the simulated receiver goes DGPS, then RTK fixed, and the fix lines say so")
    func readLines() async throws {
        guard let bench = try await RoverBench.start() else { return }
        defer { bench.caster.stop() }
        let reader = try BackgroundCommand(["read", bench.link, "--ntrip", bench.url], mergingStandardError: true)
        #expect(await reader.waitForOutput { $0.contains("  RTK fixed  age ") }, "\(reader.output)")
        #expect(reader.output.contains("gps: corrections from \(bench.url) (NTRIP 1.0)"))
        await bench.waitForRTKFixed()
        let output = bench.simulator.output
        let steps = ["gps: corrections: DGPS", "gps: corrections: RTK float", "gps: corrections: RTK fixed"]
            .compactMap { output.range(of: $0)?.lowerBound }
        #expect(steps.count == 3 && steps == steps.sorted(), "DGPS, then RTK float, then RTK fixed: \(output)")
        #expect(output.contains(" 0 rejected)"), "every frame written was CRC-valid")
        // The receiver's own fix went to the caster's source as GGA, at the first fix.
        let source = bench.caster.source
        await eventually("the receiver's GGA reaches the caster's source") { source.upstream.contains("$GPGGA,") }
        #expect(await reader.interrupt() == 0)
        #expect(await bench.simulator.interrupt() == 0)
    }

    @Test("gps serve --ntrip: gpsd's clients read RTK fixed as TPV status 3, with the corrections' age")
    func serveTPV() async throws {
        guard let bench = try await RoverBench.start() else { return }
        defer { bench.caster.stop() }
        let port = freeLoopbackPort()
        let server = try BackgroundCommand(["serve", bench.link, "--listen", "127.0.0.1:\(port)", "--ntrip", bench.url], mergingStandardError: true)
        #expect(await server.waitForOutput { $0.contains("Ctrl-C to stop") }, "\(server.output)")
        await bench.waitForRTKFixed()
        let client = try TestClient(port: port)
        client.send("?WATCH={\"enable\":true,\"json\":true}\n")
        let lines = await client.lines(until: { $0.contains("\"class\":\"TPV\"") && $0.contains("\"status\":3") })
        let tpv = try #require(lines?.last, "a TPV with status 3")
        #expect(tpv.contains("\"mode\":3"), "\(tpv)")
        #expect(await server.interrupt() == 0)
        #expect(await bench.simulator.interrupt() == 0)
    }

    @Test("gps record --ntrip: the receiver answers the corrections, and the recording holds its RTK fixed GGA")
    func record() async throws {
        guard let bench = try await RoverBench.start() else { return }
        defer { bench.caster.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rtk-\(UUID().uuidString).nmea").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recorder = try BackgroundCommand(["record", bench.link, "--output", file, "--ntrip", bench.url], mergingStandardError: true)
        #expect(await recorder.waitForOutput { $0.contains("gps: corrections from \(bench.url) (NTRIP 1.0)") }, "\(recorder.output)")
        await bench.waitForRTKFixed()
        await eventually("the recording holds an RTK fixed GGA (quality 4)") {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\r\n").contains { sentence in
                sentence.dropFirst(3).hasPrefix("GGA,") && sentence.split(separator: ",", omittingEmptySubsequences: false).dropFirst(6).first == "4"
            }
        }
        #expect(await recorder.interrupt() == 0)
        #expect(await bench.simulator.interrupt() == 0)
    }

    @Test("gps publish --ntrip: the receiver it publishes is fed the caster's corrections and answers RTK fixed")
    func publish() async throws {
        guard Mosquitto.isInstalled else {
            print(Mosquitto.missingMessage)
            return
        }
        guard let bench = try await RoverBench.start() else { return }
        defer { bench.caster.stop() }
        let broker = try Mosquitto()
        try await broker.start()
        let publisher = try BackgroundCommand(["publish", broker.url("rtk/rover"), bench.link, "--ntrip", bench.url], mergingStandardError: true)
        #expect(await publisher.waitForOutput { $0.contains("gps: corrections from \(bench.url) (NTRIP 1.0)") }, "\(publisher.output)")
        await bench.waitForRTKFixed()
        #expect(await publisher.interrupt() == 0)
        #expect(await bench.simulator.interrupt() == 0)
        await broker.stop()
    }

    @Test("gps read --ntrip with no caster listening: the outage is said once, and the fix lines keep coming throughout")
    func readThroughAnOutage() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "10"], mergingStandardError: true)
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let port = freeLoopbackPort()
        let reader = try BackgroundCommand(["read", link, "--ntrip", "ntrip://127.0.0.1:\(port)/NEAR"], mergingStandardError: true)
        let outage = "gps: no corrections from ntrip://127.0.0.1:\(port)/NEAR: "
        #expect(await reader.waitForOutput { $0.contains(outage) }, "\(reader.output)")
        // Twenty epochs at 10 Hz span the backoff's first retries (from 1 s).
        let fixLinesAfter = { (output: String) in
            output.components(separatedBy: outage).last?.split(separator: "\n").filter { $0.first?.isNumber == true }.count ?? 0
        }
        #expect(await reader.waitForOutput { fixLinesAfter($0) >= 20 }, "\(reader.output)")
        #expect(reader.output.components(separatedBy: outage).count == 2, "said once: \(reader.output)")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.interrupt() == 0)
    }

    @Test("gps read --ntrip on a terminal: the panel's Corrections row says RTK fixed, the RTCM row the message types")
    func panel() async throws {
        guard TerminalSession.tmuxPath != nil else {
            print(TerminalSession.missingMessage)
            return
        }
        guard let bench = try await RoverBench.start() else { return }
        defer { bench.caster.stop() }
        try await TerminalSession.run(["read", bench.link, "--ntrip", bench.url]) { terminal in
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" Corrections  RTK fixed · age ") && $0.hasSuffix(" B/s") }))
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" RTCM         1005 1077 1087 1097 1127 1230 4072 · base ") }))
            let screen = try await terminal.screen()
            #expect(screen.contains(where: { $0.hasPrefix(" Accuracy     ± 0.0") && $0.hasSuffix("RTK fixed") }), "a centimetre's accuracy")
        }
        #expect(await bench.simulator.interrupt() == 0)
    }
}
