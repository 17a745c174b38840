import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport
import GPSD

/// `gps read gpsd:// --json` behind the real gpsd, which reads a receiver on a pty and relays
/// its NMEA on 127.0.0.1: the quiet-line rule, end to end.
@Suite("gps read gpsd:// --json through gpsd on a pty",
       .enabled(if: CommandRunner.gpsPath != nil && SharedMaterial.gpsdLogs != nil, "the gps product or ../shared is missing"),
       .enabled(if: GpsdOnPty.gpsd != nil, "gpsd is missing (apt-get install gpsd)"))
struct GPSDQuietLineTests {
    /// A CH-4711 mouse: each epoch ends with GSAs, which never become the cycle ender, so the
    /// assembler holds every epoch until the next one's time, or the quiet line.
    static let log = SharedMaterial.gpsdLogs?.appendingPathComponent("ch-4711.log").path ?? ""

    /// The JSON lines of a fresh stream fed the whole capture, with and without `finish`.
    private func reports(of capture: [UInt8], device: String) -> (all: [String], withoutFinish: [String]) {
        var stream = ReportStream(device: device)
        var writer = GPSDJSONWriter()
        capture.withUnsafeBytes { bytes in stream.append(bytes) { writer.write($0) } }
        let appended = String(decoding: writer.bytes, as: UTF8.self)
        stream.finish { writer.write($0) }
        let lines = { (text: String) in Array(text.components(separatedBy: "\r\n").dropLast()) }
        return (lines(String(decoding: writer.bytes, as: UTF8.self)), lines(appended))
    }

    /// The `"time"` of each TPV line.
    private func tpvTimes(_ lines: some Sequence<String>) -> [String] {
        lines.filter { $0.hasPrefix(#"{"class":"TPV""#) }.map { line in
            String(line.components(separatedBy: #""time":""#).dropFirst().first?.prefix { $0 != "\"" } ?? "")
        }
    }

    /// Plays the capture an epoch at a time: each epoch (from one GGA, which opens this
    /// receiver's epochs, to the next) in one write, 20 ms apart. A stall of the machine can
    /// then fall only between epochs, where a quiet line ends the same epoch the next GGA would.
    private func play(_ capture: [UInt8], on receiver: VirtualReceiver) async throws {
        let lines = capture.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var burst: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if line.starts(with: "$".utf8), line.dropFirst(3).starts(with: "GGA".utf8), burst.contains(UInt8(ascii: "$")) {
                try receiver.send(burst)
                burst = []
                try await Task.sleep(for: .milliseconds(20))
            }
            burst += line
            if index < lines.count - 1 { burst.append(UInt8(ascii: "\n")) }
        }
        try receiver.send(burst)
    }

    @Test("after the capture's last burst its last epoch comes within the quiet interval, with no further input: every epoch once, in order, the last unmixed")
    func lastEpochWithoutNextBurst() async throws {
        let capture = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.log)))
        let receiver = try VirtualReceiver()
        let port = freeLoopbackPort()
        let url = "gpsd://127.0.0.1:\(port)"
        let expected = reports(of: capture, device: url)
        // What makes the capture a test of the rule: bytes alone leave its last epoch held.
        try #require(tpvTimes(expected.withoutFinish) == tpvTimes(expected.all).dropLast())

        let gpsd = try GpsdOnPty.spawnGpsd(reading: receiver.devicePath, port: port)
        defer { gpsd.signal(SIGTERM) }
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", url, "--json"])
        defer { reader.signal(SIGINT) }
        func lines(after offset: Int) -> [String] {
            Array(String(decoding: reader.output.utf8.dropFirst(offset), as: UTF8.self)
                .components(separatedBy: "\r\n").dropLast())
        }
        let lastEpoch = Array(expected.all.suffix(2))
        // The capture, a pass every few seconds, until the reader watches (gpsd relays only to a
        // client that has asked) and has written a pass's end.
        var passes = 0
        repeat {
            try await play(capture, on: receiver)
            passes += 1
        } while await !reader.waitForOutput(until: { _ in lines(after: 0).suffix(2) == lastEpoch[...] }, timeout: .seconds(3)) && passes < 10
        try #require(lines(after: 0).suffix(2) == lastEpoch[...], "no pass's last epoch after \(passes) passes: \(reader.output)")

        // One more pass, then nothing: each of its epochs once, in order, and the last one,
        // which no next burst ends, whole (its TPV and SKY as a finished stream writes them).
        let before = reader.output.utf8.count
        try await play(capture, on: receiver)
        let times = tpvTimes(expected.all)
        #expect(await reader.waitForOutput(until: { _ in tpvTimes(lines(after: before)) == times && lines(after: before).suffix(2) == lastEpoch[...] }),
                "\(tpvTimes(lines(after: before))) against \(times); last lines \(lines(after: before).suffix(2))")
    }
}
