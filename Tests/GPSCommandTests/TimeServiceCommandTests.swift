import Foundation
import Glibc
import Testing
import TestSupport

/// `gps serve --chrony` read by a real chronyd and `gps serve --shm` by a real ntpshmmon, the
/// receiver being `gps simulate --pty --clock`, whose epochs start 100 ms after each second.
@Suite("gps serve as a time source: chronyd and ntpshmmon", .serialized,
       .enabled(if: CommandRunner.gpsPath != nil, "the gps product is not built beside the tests: run `swift build` first"))
struct TimeServiceCommandTests {
    static let ntpshmmon = Subprocess.find("ntpshmmon")
    static let python = Subprocess.find("python3")

    @Test("chronyd started after gps, then restarted: gps waits quietly, says each outage once, and chronyd lists the source with a reach and an offset of the simulator's delay",
          .enabled(if: Chronyd.missing == nil, "\(Chronyd.missing ?? "")"))
    func chronyd() async throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // docs/TimeService.md's walk-through: the sample drive, whose fixes begin after 8 s.
        let simulator = try await Self.simulator(in: directory, capture: nil)
        _ = simulator
        let chronyd = try Chronyd(directory: directory)
        let serve = try BackgroundCommand(
            ["serve", directory + "/gps0", "--chrony", chronyd.socketPath, "--listen", "127.0.0.1:\(freeLoopbackPort())"],
            mergingStandardError: true)
        let outage = "no chronyd is reading \(chronyd.socketPath)"
        #expect(await serve.waitForOutput(timeout: .seconds(60)) { $0.contains(outage) }, "\(serve.output)")
        // Samples keep coming, one a second, while nobody reads them: what is under test is that
        // two seconds of them unread say nothing more, so this wait is for a time.
        try await Task.sleep(for: .seconds(2))

        try chronyd.start()
        #expect(await serve.waitForOutput { $0.contains("sending time samples to chronyd at \(chronyd.socketPath)") })
        let source = try await eventuallyValue("chronyd lists the source", pollingLimit: .seconds(1)) { try await chronyd.gpsSource() }
        // chronyc says local minus source: +100 ms when each epoch's first byte comes 100 ms late;
        // one sample may be any that came late on a loaded machine, but never a second's worth.
        #expect(source.map { 0...1000 ~= $0.lastSampleMilliseconds } == true, "\(String(describing: source))")
        // docs/TimeService.md: sourcestats' Offset is the refclock's `offset` to set. chronyd's
        // estimate is a regression over the few samples so far, which a loaded machine's late
        // stamps pull up: the bound tells the simulator's 100 ms from none or a second's worth,
        // and the precision itself is measured by Benchmarks/timeservice.
        let statistics = try await eventuallyValue("chronyd has the source's statistics", pollingLimit: .seconds(1)) {
            try await chronyd.gpsStatisticsOffset()
        }
        #expect(statistics.map { 90...200 ~= $0 } == true, "\(String(describing: statistics))")
        // The first byte is sent 100 ms after the second; on a loaded machine (or under a
        // sanitizer) some come late or are stamped off, so the bound is the median's, and each
        // sample is only held to its own second.
        let offsets = chronyd.loggedOffsets
        #expect(!offsets.isEmpty && offsets.allSatisfy { -1.0 ... 0 ~= $0 }, "\(offsets)")
        #expect(offsets.sorted().dropFirst(offsets.count / 2).first.map { -0.130 ... -0.095 ~= $0 } == true, "\(offsets)")

        // Restarted at once, chronyd is connected to again with the next sample; stopped for a
        // while, that is a second outage.
        await chronyd.stop()
        let outages = { serve.output.components(separatedBy: outage).count - 1 }
        #expect(await serve.waitForOutput { _ in outages() == 2 }, "\(serve.output)")
        // An outage of two seconds' samples, unread: the time is what is under test.
        try await Task.sleep(for: .seconds(2))
        try chronyd.start()
        #expect(try await eventuallyValue("chronyd lists the source", pollingLimit: .seconds(1)) { try await chronyd.gpsSource() } != nil, "no samples after the restart")
        #expect(outages() == 2, "one line per outage: \(serve.output)")
        // The last line about chronyd is true again: the end of the outage after samples had
        // reached it is said (the first one's, by "sending time samples").
        let again = "chronyd is reading \(chronyd.socketPath) again"
        #expect(await serve.waitForOutput { $0.contains(again) }, "\(serve.output)")
        #expect(serve.output.split(separator: "\n").last { $0.contains("chronyd") }?.contains(again) == true, "\(serve.output)")
        #expect(await serve.interrupt() == 0)
    }

    @Test("ntpshmmon reads the samples of unit 2: the receiver's time and the first byte's, leap 0, precision -1",
          .enabled(if: ntpshmmon != nil, "ntpshmmon (gpsd-clients) is missing"))
    func sharedMemory() async throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let simulator = try await Self.simulator(in: directory)
        _ = simulator
        let serve = try BackgroundCommand(
            ["serve", directory + "/gps0", "--shm", "2", "--listen", "127.0.0.1:\(freeLoopbackPort())"], mergingStandardError: true)
        #expect(await serve.waitForOutput { $0.contains("unit 2") }, "\(serve.output)")
        let monitor = try await Subprocess.run(Self.ntpshmmon!, ["-t", "12"], timeout: .seconds(30))
        // "sample NTP2 SEEN CLOCK REAL LEAP PRECISION": the system's time and the receiver's.
        let lines: [[Substring]] = monitor.output.split(separator: "\n").map { $0.split(separator: " ") }
        let samples = lines.filter { (columns: [Substring]) -> Bool in
            columns.count == 7 && columns[0] == "sample" && columns[1] == "NTP2"
        }
        #expect(samples.count >= 2, "\(monitor.output)")
        // The first byte is sent 100 ms after the second; on a loaded machine (or under a
        // sanitizer) the simulator's epochs come late now and then, so the bound is the median's,
        // and each sample is only held to its own second.
        let delays = samples.map { (Double($0[3]) ?? 0) - (Double($0[4]) ?? 0) }
        #expect(delays.sorted().dropFirst(delays.count / 2).first.map { (0.095...0.130).contains($0) } == true, "\(delays)")
        for sample in samples {
            let system: Double = Double(sample[3]) ?? 0
            let receiver: Double = Double(sample[4]) ?? 0
            let delay: Double = system - receiver
            #expect((0.0...1.0).contains(delay), "\(sample)")
            #expect(receiver == receiver.rounded(), "the receiver's time is its epoch's second: \(sample)")
            #expect(sample[5] == "0" && sample[6] == "-1", "\(sample)")
        }
        #expect(await serve.interrupt() == 0)
    }

    @Test("an SHM unit another user owns (mode 0600), or of another size, is a clear error and exit 1",
          .enabled(if: python != nil, "python3 is missing"))
    func sharedMemoryRefused() async throws {
        // Units 77 and 78, far from those gpsd and ntpd use; made by root here.
        try await Self.removeSegments(units: [77, 78])
        try await Self.makeSegment(unit: 77, size: 96, mode: 0o600)
        try await Self.makeSegment(unit: 78, size: 16, mode: 0o666)
        let denied = try await CommandRunner.run(["serve", "/dev/gps-none", "--shm", "77"], asNobody: true)
        let wrongSize = try await CommandRunner.run(["serve", "/dev/gps-none", "--shm", "78"])
        try await Self.removeSegments(units: [77, 78])
        #expect(denied.status == 1)
        #expect(denied.errorOutput.contains("may not attach the NTP shared-memory segment NTP77 (key 0x4e54507d): another user owns it"),
                "\(denied.errorOutput)")
        #expect(wrongSize.status == 1)
        #expect(wrongSize.errorOutput.contains("NTP78 (key 0x4e54507e) is 16 bytes, not an NTP refclock's 96"), "\(wrongSize.errorOutput)")
    }

    @Test("an SHM unit that cannot be attached when the receiver's run starts again is said in one line, and chronyd still gets its samples",
          .enabled(if: Chronyd.missing == nil, "\(Chronyd.missing ?? "")"), .enabled(if: python != nil, "python3 is missing"))
    func sharedMemoryLostLater() async throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await Self.removeSegments(units: [79])
        let simulator = try await Self.simulator(in: directory)
        _ = simulator
        let chronyd = try Chronyd(directory: directory)
        try chronyd.start()
        let control = directory + "/control.sock"
        let device = directory + "/gps0"
        let serve = try BackgroundCommand(
            ["serve", device, "--chrony", chronyd.socketPath, "--shm", "79", "--control", control,
             "--listen", "127.0.0.1:\(freeLoopbackPort())"],
            mergingStandardError: true)
        let sending = "sending time samples to chronyd at \(chronyd.socketPath)"
        let runsSending = { serve.output.components(separatedBy: sending).count - 1 }
        #expect(await serve.waitForOutput(timeout: .seconds(60)) { _ in runsSending() == 1 }, "\(serve.output)")

        // Another program takes unit 79's key with a segment of another size, then gpsdctl removes
        // the receiver and adds it again: its new run cannot attach the unit.
        try await Self.removeSegments(units: [79])
        try await Self.makeSegment(unit: 79, size: 16, mode: 0o666)
        #expect(await controlExchange(control, "-\(device)\r\n") == "OK\n")
        #expect(await controlExchange(control, "+\(device)\r\n") == "OK\n")
        let lost = "gps: the shared-memory segment NTP79 (key 0x4e54507f) is 16 bytes, not an NTP refclock's 96 bytes"
        #expect(await serve.waitForOutput { $0.contains(lost) && $0.contains("time samples of \(device) go to chronyd only") },
                "\(serve.output)")
        // The new run's samples reach chronyd.
        #expect(await serve.waitForOutput(timeout: .seconds(60)) { _ in runsSending() == 2 }, "\(serve.output)")
        #expect(serve.output.components(separatedBy: lost).count - 1 == 1, "\(serve.output)")
        #expect(await serve.interrupt() == 0)
        try await Self.removeSegments(units: [79])
    }

    /// A directory of the test's own under /tmp.
    static func scratchDirectory() throws -> String {
        var template = Array("/tmp/gps-time-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        return String(cString: made)
    }

    /// `gps simulate --pty --clock --delay 100` playing `capture` (by default a file of fixes
    /// written in DIRECTORY; `nil`: the sample drive), its link at DIRECTORY/gps0.
    static func simulator(in directory: String, capture: String? = "fixes.nmea") async throws -> BackgroundCommand {
        var file: [String] = []
        if let capture {
            let fixes = (0..<30).flatMap { epoch(String(format: "1200%02d", $0)) }.map(sentence).joined()
            try fixes.write(toFile: directory + "/" + capture, atomically: true, encoding: .utf8)
            file = [directory + "/" + capture]
        }
        let simulator = try BackgroundCommand(
            ["simulate", "--pty", "--clock", "--delay", "100"] + file + ["--link", directory + "/gps0"])
        #expect(await simulator.waitForOutput { $0.contains("/dev/pts/") })
        return simulator
    }

    /// A System V segment for `unit`'s key, as root, through Python's ctypes.
    static func makeSegment(unit: Int, size: Int, mode: Int) async throws {
        let script = "import ctypes; libc = ctypes.CDLL(None); "
            + "exit(0 if libc.shmget(\(0x4E54_5030 + unit), \(size), 0o1000 | \(mode)) >= 0 else 1)"
        _ = try await Subprocess.run(Self.python!, ["-c", script])
    }

    /// Removes the segments of `units`, if there (`ipcrm -M KEY`).
    static func removeSegments(units: [Int]) async throws {
        for unit in units { _ = try await Subprocess.run("/usr/bin/ipcrm", ["-M", "\(0x4E54_5030 + unit)"]) }
    }
}
