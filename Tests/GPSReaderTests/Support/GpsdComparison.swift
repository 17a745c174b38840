import Foundation
import GPSReader
import LocationTracking
import TestSupport

/// One log of the gpsd corpus replayed through `FixAssembler`, epoch by epoch beside gpsd
/// 3.22's TPV reports for it (`expected-3.22/<log>.jsonl`).
struct GpsdComparison {
    /// A position report, ours or gpsd's, reduced to what is compared.
    struct Epoch: Equatable {
        var date: String  // yyyy-mm-dd
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var mode: Int?
    }

    /// How the two sides differ on one log; all zero but `compared` when they agree.
    struct Tally: Equatable, CustomStringConvertible {
        /// Epochs (same UTC time of day) where both report a fix.
        var compared = 0
        /// Compared epochs where gpsd's day is 1024 weeks after ours (its week-rollover fix-up).
        var rolloverDates = 0
        /// Compared epochs whose days differ otherwise.
        var otherDates = 0
        /// Compared epochs whose positions differ by more than 1e-7 degrees (1 cm).
        var positions = 0
        /// Compared epochs whose altitudes differ by more than 1 mm.
        var altitudes = 0
        /// Compared epochs where our GSA mode (when we have one) is not gpsd's.
        var modes = 0
        /// Epochs gpsd reports a fix for and we do not.
        var onlyGpsd = 0
        /// Epochs we report a valid fix for and gpsd does not.
        var onlyOurs = 0

        var description: String {
            "compared \(compared), rollover dates \(rolloverDates), other dates \(otherDates), positions \(positions), "
                + "altitudes \(altitudes), modes \(modes), only gpsd \(onlyGpsd), only ours \(onlyOurs)"
        }
    }

    /// The tally for this log.
    var tally = Tally()
    /// The first few differences, for the failure message.
    var examples: [String] = []
    /// The times of day (ms) of the epochs only we report, in order.
    var onlyOursTimes: [Int] = []
    /// The time of day (ms) of gpsd's first epoch with a fix.
    var firstGpsdTime: Int?

    /// The logs with a gpsd 3.22 output, sorted; empty without `shared`.
    static let logNames: [String] = {
        guard let folder = SharedMaterial.gpsdLogs?.appendingPathComponent("expected-3.22"),
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".log.jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
    }()

    /// The comparison of log `name`, computed once per test run. Call it on `heavyWork` only,
    /// which guards the cache.
    static func of(_ name: String) throws -> GpsdComparison {
        dispatchPrecondition(condition: .onQueue(heavyWork))
        if let known = cache[name] { return known }
        let comparison = try GpsdComparison(log: name)
        cache[name] = comparison
        return comparison
    }

    nonisolated(unsafe) private static var cache: [String: GpsdComparison] = [:]

    init(log name: String) throws {
        let folder = SharedMaterial.gpsdLogs!
        try self.init(
            nmea: [UInt8](Data(contentsOf: folder.appendingPathComponent(name))),
            gpsdOutput: String(contentsOf: folder.appendingPathComponent("expected-3.22/\(name).jsonl"), encoding: .utf8))
    }

    /// Compares our reading of `nmea` with gpsd's JSON output (one object a line) for the same bytes.
    init(nmea: [UInt8], gpsdOutput: String) throws {
        let ours = Self.ourEpochs(nmea)
        let theirs = Self.gpsdEpochs(gpsdOutput)
        for (time, gpsd) in theirs.sorted(by: { $0.key < $1.key }) {
            guard let mine = ours[time] else {
                tally.onlyGpsd += 1
                note("\(Self.label(time)) only gpsd: \(gpsd)")
                continue
            }
            tally.compared += 1
            if mine.date != gpsd.date {
                if Self.days(from: mine.date, to: gpsd.date) == 7 * 1024 { tally.rolloverDates += 1 } else { tally.otherDates += 1 }
            }
            let before = tally
            if abs(mine.latitude - gpsd.latitude) > 1e-7 || abs(mine.longitude - gpsd.longitude) > 1e-7 { tally.positions += 1 }
            if let altitude = mine.altitude, let theirs = gpsd.altitude, abs(altitude - theirs) > 1e-3 { tally.altitudes += 1 }
            if let mode = mine.mode, mode != gpsd.mode { tally.modes += 1 }
            if tally != before { note("\(Self.label(time)): ours \(mine), gpsd \(gpsd)") }
        }
        firstGpsdTime = theirs.keys.min()
        for time in ours.keys.sorted() where theirs[time] == nil {
            tally.onlyOurs += 1
            onlyOursTimes.append(time)
            note("\(Self.label(time)) only ours")
        }
    }

    private mutating func note(_ example: String) {
        if examples.count < 3 { examples.append(example) }
    }

    /// Our valid fixes by time of day in milliseconds; the last one wins, as gpsd's last TPV
    /// of an epoch does.
    private static func ourEpochs(_ bytes: [UInt8]) -> [Int: Epoch] {
        var epochs: [Int: Epoch] = [:]
        for fix in assemble(bytes) where fix.isValidFix {
            guard let timestamp = fix.timestamp else { continue }
            let milliseconds = Int((timestamp.timeIntervalSince1970 * 1000).rounded())
            epochs[milliseconds % 86_400_000] = Epoch(
                date: String(timestamp.formatted(.iso8601).prefix(10)), latitude: fix.coordinate.latitude,
                longitude: fix.coordinate.longitude, altitude: fix.altitude, mode: fix.mode.map { Int($0.rawValue) })
        }
        return epochs
    }

    /// gpsd's TPV reports with a fix (mode 2 or 3) and a time, by time of day in milliseconds.
    private static func gpsdEpochs(_ text: String) -> [Int: Epoch] {
        var epochs: [Int: Epoch] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
                  let time = object["time"] as? String, let latitude = object["lat"] as? Double,
                  let longitude = object["lon"] as? Double else { continue }
            let clock = time.dropFirst(11).dropLast()  // hh:mm:ss.sss
            let parts = clock.split(separator: ":")
            guard parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Double(parts[2]) else { continue }
            let milliseconds = (hour * 3600 + minute * 60) * 1000 + Int((second * 1000).rounded())
            epochs[milliseconds] = Epoch(
                date: String(time.prefix(10)), latitude: latitude, longitude: longitude,
                altitude: object["altMSL"] as? Double ?? object["alt"] as? Double, mode: mode)
        }
        return epochs
    }

    private static func days(from ours: String, to theirs: String) -> Int {
        func day(_ text: String) -> Double {
            (try? Date(text + "T00:00:00Z", strategy: .iso8601))?.timeIntervalSince1970 ?? 0
        }
        return Int(((day(theirs) - day(ours)) / 86_400).rounded())
    }

    private static func label(_ milliseconds: Int) -> String {
        String(format: "%02d:%02d:%06.3f", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
               Double(milliseconds % 60_000) / 1000)
    }
}
