import Foundation
import Glibc
import TestSupport

/// A real chronyd (Debian's `chrony`) that never touches the clock: `chronyd -x -d -u root -f
/// CONF`, its command socket, refclock log and pid file in a 0700 directory of its own, and
/// `refclock SOCK DIR/gps.sock refid GPS poll 0 noselect`, so it reads `gps serve --chrony`.
final class Chronyd {
    static let chronyd = Subprocess.find("chronyd")
    static let chronyc = Subprocess.find("chronyc")
    /// Why the chronyd tests cannot run here, or `nil`: `-u root` needs root, and chrony installed.
    static let missing: String? = if chronyd == nil || chronyc == nil {
        "chronyd or chronyc (Debian's chrony) is missing"
    } else if getuid() != 0 {
        "chronyd -x -u root needs root"
    } else {
        nil
    }

    let directory: String
    private var process: Spawned?

    /// The socket its SOCK refclock reads.
    var socketPath: String { directory + "/gps.sock" }

    /// A configuration in `directory` (made mode 0700, as chronyd requires); chronyd is not started.
    init(directory: String) throws {
        self.directory = directory
        chmod(directory, 0o700)
        let configuration = """
            cmdport 0
            port 0
            bindcmdaddress \(directory)/chronyd.sock
            pidfile \(directory)/chronyd.pid
            logdir \(directory)
            log refclocks
            refclock SOCK \(directory)/gps.sock refid GPS poll 0 noselect

            """
        try configuration.write(toFile: directory + "/chrony.conf", atomically: true, encoding: .utf8)
    }

    deinit {
        process?.signal(SIGTERM)
    }

    /// Starts chronyd in the foreground; it creates the SOCK socket at once.
    func start() throws {
        process = try Spawned(Self.chronyd!, ["-x", "-d", "-u", "root", "-f", directory + "/chrony.conf"], mergingStandardError: true)
    }

    /// Stops it and waits for it to exit.
    func stop() async {
        process?.signal(SIGTERM)
        _ = await process?.waitForExit()
        process = nil
    }

    /// `chronyc -h DIR/chronyd.sock sources`'s line for GPS: its reach (octal) and last sample
    /// in milliseconds (chronyc's sign: local minus source), once it has both.
    func gpsSource() async throws -> (reach: Int, lastSampleMilliseconds: Double)? {
        let run = try await Subprocess.run(Self.chronyc!, ["-h", directory + "/chronyd.sock", "sources"])
        guard let line = run.output.split(separator: "\n").first(where: { $0.contains(" GPS ") }) else { return nil }
        let columns = line.split(separator: " ")
        // "#? GPS 0 0 377 1 +101ms[ +101ms] +/- 93us"
        guard columns.count >= 7, let reach = Int(columns[4], radix: 8), reach != 0 else { return nil }
        return Self.milliseconds(columns[6].prefix { $0 != "[" }).map { (reach, $0) }
    }

    /// `chronyc sourcestats`'s Offset column for GPS, in milliseconds (local minus source: the
    /// `offset` to give the refclock), once chronyd has one.
    func gpsStatisticsOffset() async throws -> Double? {
        let run = try await Subprocess.run(Self.chronyc!, ["-h", directory + "/chronyd.sock", "sourcestats"])
        guard let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("GPS ") }) else { return nil }
        // "GPS 4 3 13 -76.141 956.406 +548us 211us"
        let columns = line.split(separator: " ")
        guard columns.count >= 8 else { return nil }
        return Self.milliseconds(columns[6])
    }

    /// "+101ms", "+548us", "-3ns" in milliseconds.
    static func milliseconds(_ text: Substring) -> Double? {
        for (unit, scale) in [("ms", 1.0), ("us", 0.001), ("ns", 0.000_001), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }

    /// The raw samples chronyd logged for GPS (refclocks.log), as offsets in seconds (true
    /// minus system).
    var loggedOffsets: [Double] {
        let log = (try? String(contentsOfFile: directory + "/refclocks.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: " ")
            // Date, time, refid, DP, L, P, raw offset, cooked offset, dispersion; the filtered
            // samples of each poll have no raw offset ("-").
            guard columns.count >= 9, columns[2] == "GPS", columns[6] != "-" else { return nil }
            return Double(columns[6])
        }
    }
}
