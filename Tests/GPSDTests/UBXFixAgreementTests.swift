import Foundation
import GPSReader
import Testing
import TestSupport
@testable import GPSD

/// gpsd's u-blox regression logs, read as `gps replay --json` reads them, against gpsd master's
/// own output for each (`.log.chk`): every epoch where gpsd has a fix, ours has the same
/// position, mode and status, and no fix where gpsd has none (docs/GPSDParity.md).
@Suite("u-blox fixes agree with gpsd master")
struct UBXFixAgreementTests {
    /// One TPV, as much as the comparison reads of it.
    struct Fix: Equatable {
        var mode: Int
        var status: Int
        var latitude: Double?
        var longitude: Double?
    }

    /// Our TPVs for `log`, by UTC time of day (`HH:MM:SS.sss`): several for one time where a
    /// high-rate solution and a navigation solution share it.
    static func ours(_ log: URL) throws -> [String: [Fix]] {
        let bytes = try [UInt8](Data(contentsOf: log))
        let stream = EpochStream()
        var reports = GPSDReports(device: nil)
        var fixes: [String: [Fix]] = [:]
        func add(_ epoch: EpochReport) {
            reports.add(epoch) { report in
                guard case .tpv(let tpv) = report, let time = tpv.time else { return }
                let key = String(GPSDTimestamp(time).description.split(separator: "T")[1].prefix(12))
                fixes[key, default: []].append(Fix(mode: tpv.mode, status: tpv.status ?? 1, latitude: tpv.latitude, longitude: tpv.longitude))
            }
        }
        stream.append(bytes, epoch: add)
        stream.finish(add)
        return fixes
    }

    /// gpsd master's TPVs with a time in `log.chk`, by time of day: several for one time where
    /// master writes a TPV per message (HNR-PVT and NAV-PVT of the same instant).
    static func masters(_ checked: URL) throws -> [String: [Fix]] {
        var fixes: [String: [Fix]] = [:]
        for line in try String(contentsOf: checked, encoding: .utf8).split(whereSeparator: \.isNewline) where line.hasPrefix("{\"class\":\"TPV\"") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let time = object["time"] as? String, let mode = object["mode"] as? Int else { continue }
            let key = String(time.split(separator: "T")[1].prefix(12))
            fixes[key, default: []].append(Fix(mode: mode, status: object["status"] as? Int ?? 1,
                             latitude: object["lat"] as? Double, longitude: object["lon"] as? Double))
        }
        return fixes
    }

    /// gpsd master's fixes that are not ours, each with the reason (docs/GPSDParity.md).
    static let deliberateDifferences = [
        "ublox-aek-4t.log 23:11:19.999":
            "gpsd master converts the first NAV-SOL's GPS time of 2007 with today's 18 leap seconds; we use the 14 of its date (23:11:23.999)",
    ]

    /// `time` (`HH:MM:SS.sss`) a millisecond later.
    static func millisecondLater(_ time: String) -> String {
        let parts = time.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return time }
        let milliseconds = Int(((parts[0] * 3600 + parts[1] * 60 + parts[2]) * 1000).rounded()) + 1
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = milliseconds % 1000
        let digits = String(fraction)
        return "\(two(milliseconds / 3_600_000 % 24)):\(two(milliseconds / 60_000 % 60)):\(two(milliseconds / 1000 % 60))."
            + String(repeating: "0", count: 3 - digits.count) + digits
    }

    @Test("Every fix gpsd master reports from a u-blox log, ours reports with the same position (1e-7°), mode and status")
    func everyFixAgrees() throws {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else {
            print(SharedMaterial.missingMessage)
            return
        }
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }.sorted()
        #expect(logs.count == 14)
        var compared = 0
        for name in logs {
            let ours = try Self.ours(folder.appendingPathComponent(name))
            let masters = try Self.masters(folder.appendingPathComponent(name + ".chk"))
            for (time, reports) in masters where reports.contains(where: { $0.mode >= 2 }) {
                if Self.deliberateDifferences["\(name) \(time)"] != nil { continue }
                // gpsd truncates a time to the millisecond, we round it: NAV-SOL's 19.9996 s is
                // gpsd's 19.999 and our 20.000.
                guard let fixes = ours[time] ?? ours[Self.millisecondLater(time)] else {
                    Issue.record("\(name) \(time): gpsd master has a fix, we have none")
                    continue
                }
                let agrees = reports.contains { master in
                    fixes.contains { fix in
                        master.mode == fix.mode && master.status == fix.status
                            && abs((fix.latitude ?? .nan) - (master.latitude ?? .nan)) < 1e-7
                            && abs((fix.longitude ?? .nan) - (master.longitude ?? .nan)) < 1e-7
                    }
                }
                #expect(agrees, "\(name) \(time): ours \(fixes), gpsd master's \(reports)")
                compared += 1
            }
            // No fix where gpsd master has none: a time it reports only without a fix is none of ours either.
            for (time, reports) in masters where reports.allSatisfy({ $0.mode < 2 }) {
                #expect((ours[time] ?? []).allSatisfy { $0.mode < 2 }, "\(name) \(time): we have a fix where gpsd master has none")
            }
        }
        #expect(compared >= 390, "the logs hold 395 timed fixes of gpsd master's")
    }
}
