import Foundation
import GPSReader
import Testing
import TestSupport
@testable import GPSD

/// The rules by which a TPV or a SKY from a u-blox receiver follows gpsd master's report stream, each
/// checked on the gpsd regression log that exercises it against gpsd master's own output for
/// it (`NAME.log.chk`), TPVs paired by UTC time of day, the first of each time on both sides, and
/// compared as written (docs/GPSDParity.md, "u-blox logs").
@Suite("u-blox reports follow gpsd master's rules")
struct UBXReportRuleTests {
    /// Our first TPV with a fix for each time of day (`HH:MM:SS.sss`) of the log `name`, as
    /// gpsd's JSON writes it, read back as members.
    static func ours(_ name: String) throws -> [String: [String: Any]]? {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        let stream = EpochStream()
        var reports = GPSDReports(device: nil)
        var lines: [[UInt8]] = []
        func add(_ epoch: EpochReport) {
            reports.add(epoch) { report in
                guard case .tpv(let tpv) = report else { return }
                var writer = GPSDJSONWriter()
                writer.write(tpv)
                lines.append(writer.bytes)
            }
        }
        stream.append(bytes, epoch: add)
        stream.finish(add)
        return try fixes(lines.map { Data($0) })
    }

    /// gpsd master's first TPV with a fix for each time of day in `name.chk`, as members.
    static func masters(_ name: String) throws -> [String: [String: Any]]? {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let text = try String(contentsOf: folder.appendingPathComponent(name + ".chk"), encoding: .utf8)
        return try fixes(text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{\"class\":\"TPV\"") }.map { Data($0.utf8) })
    }

    /// The first TPV with a fix (mode 2 or 3) of each time of day among `lines`, by time of day.
    static func fixes(_ lines: [Data]) throws -> [String: [String: Any]] {
        var fixes: [String: [String: Any]] = [:]
        for line in lines {
            guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any],
                  let time = object["time"] as? String, (object["mode"] as? Int ?? 0) >= 2 else { continue }
            let key = String(time.split(separator: "T")[1].prefix(12))
            if fixes[key] == nil { fixes[key] = object }
        }
        return fixes
    }

    /// For each time both have, `key` of gpsd master's TPV against ours, as written: how many
    /// gpsd master wrote, and how many of those ours agrees with (within `tolerance`, the
    /// comparison's of docs/GPSDParity.md, or exactly).
    static func agreement(_ name: String, key: String, tolerance: Double = 1e-9) throws -> (written: Int, agreeing: Int, first: String?)? {
        guard let ours = try ours(name), let masters = try masters(name) else {
            print(SharedMaterial.missingMessage)
            return nil
        }
        var written = 0, agreeing = 0
        var first: String?
        for (time, master) in masters.sorted(by: { $0.key < $1.key }) {
            guard let expected = master[key] as? Double else { continue }
            written += 1
            let got = ours[time]?[key] as? Double
            if let got, abs(got - expected) <= tolerance {
                agreeing += 1
            } else if first == nil {
                first = "\(time): gpsd master \(expected), ours \(got.map { "\($0)" } ?? "none")"
            }
        }
        return (written, agreeing, first)
    }

    @Test("A high-rate solution (HNR-PVT) carries the last navigation solution's Earth-centred position and velocity, as gpsd master merges it into the fix it holds")
    func highRateCarriesEarthCentredSolution() throws {
        for key in ["ecefx", "ecefy", "ecefz", "ecefvx", "ecefvy", "ecefvz", "ecefpAcc", "ecefvAcc"] {
            guard let result = try Self.agreement("ublox-neo-m8l.log", key: key) else { return }
            // 189 HNR-PVT TPVs between 19 navigation solutions; the log's first four come before any.
            #expect(result.written >= 180)
            #expect(result.agreeing >= result.written - 1, "\(key): \(result.first ?? "")")
        }
    }

    @Test("errEllOr, errEllMaj and errEllMin are NAV-EELL's error ellipse, and a high-rate solution carries the last one")
    func errorEllipse() throws {
        for key in ["errEllOr", "errEllMaj", "errEllMin"] {
            guard let result = try Self.agreement("ublox-neo-m8l.log", key: key),
                  let navigation = try Self.agreement("ublox-neo-f9v.log", key: key) else { return }
            #expect(result.written >= 180 && navigation.written == 3)
            #expect(result.agreeing >= result.written - 1, "\(key): \(result.first ?? "")")
            #expect(navigation.agreeing == navigation.written, "\(key): \(navigation.first ?? "")")
        }
    }

    @Test("ecefx, ecefy, ecefz and ecefpAcc are NAV-HPPOSECEF's 0.1 mm position and accuracy where the receiver sends it, over NAV-POSECEF's centimetres")
    func highPrecisionEarthCentredPosition() throws {
        for key in ["ecefx", "ecefy", "ecefz", "ecefpAcc"] {
            guard let result = try Self.agreement("ublox-zed-f9p-hp.log", key: key) else { return }
            #expect(result.written >= 28)
            #expect(result.agreeing == result.written, "\(key): \(result.first ?? "")")
        }
    }

    @Test("A high-rate solution's epx and epy are the last NAV-DOP's east and north dilutions times gpsd's range error for its own status (15 m, GNSS with dead reckoning)")
    func highRateErrorsFromLastDilutions() throws {
        for key in ["epx", "epy"] {
            guard let result = try Self.agreement("ublox-neo-m8l.log", key: key) else { return }
            #expect(result.written >= 180)
            #expect(result.agreeing >= result.written - 1, "\(key): \(result.first ?? "")")
        }
    }

    @Test("A high-rate solution keeps the magnetic track and the climb of the report before it, as gpsd computes each once into the fix it holds")
    func highRateKeepsMagneticTrackAndClimb() throws {
        guard let magnetic = try Self.agreement("ublox-neo-m8l.log", key: "magtrack"),
              let climb = try Self.agreement("ublox-neo-m8l.log", key: "climb", tolerance: 0.05) else { return }
        #expect(magnetic.agreeing >= magnetic.written - 2, "\(magnetic.first ?? "")")
        #expect(climb.agreeing >= climb.written - 2, "\(climb.first ?? "")")
    }

    @Test("A high-rate solution's epd is its heading accuracy (headAcc), as gpsd master writes it to four places")
    func highRateHeadingAccuracy() throws {
        guard let result = try Self.agreement("ublox-neo-m8l.log", key: "epd") else { return }
        #expect(result.written == 189)
        #expect(result.agreeing == result.written, "\(result.first ?? "")")
    }

    @Test("NAV-PVT's climb is the change of height since the previous fix over the time between, as gpsd master derives it, not the receiver's velD")
    func navPVTClimbFromHeights() throws {
        guard let result = try Self.agreement("ublox-neo-m8n.log", key: "climb", tolerance: 0.05) else { return }
        #expect(result.written >= 20)
        #expect(result.agreeing == result.written, "\(result.first ?? "")")
    }

    @Test("A u-blox fix's magnetic variation is gpsd's table's: gpsd master reads no declination from NAV-PVT")
    func magneticVariationFromTable() throws {
        guard let result = try Self.agreement("ublox-neo-f9v.log", key: "magvar") else { return }
        #expect(result.written == 3)
        #expect(result.agreeing == result.written, "\(result.first ?? "")")
    }

    @Test("NAV-SOL's eps is its sAcc: gpsd master reports a TPV as NAV-SOL comes, with the receiver's speed accuracy over the error model's")
    func navSOLSpeedAccuracy() throws {
        guard let result = try Self.agreement("navisys-gr701w.log", key: "eps") else { return }
        #expect(result.written >= 50)
        #expect(result.agreeing == result.written, "\(result.first ?? "")")
    }

    @Test("NAV-PVT's eps is the error model's where it can derive one: gpsd master reports NAV-PVT at the end of the epoch, where its model fills in eps")
    func navPVTSpeedErrorFromModel() throws {
        guard let result = try Self.agreement("ublox-zed-f9p-hp.log", key: "eps") else { return }
        #expect(result.written >= 25)
        #expect(result.agreeing == result.written, "\(result.first ?? "")")
    }

    @Test("Where NAV-SIG follows NAV-SAT, the SKY's dilutions are the geometry of the satellites NAV-SAT says are used, each once, as gpsd master computes them from NAV-SAT's view and keeps them")
    func dilutionsFromNAVSATView() throws {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else {
            print(SharedMaterial.missingMessage)
            return
        }
        let name = "ublox-x20p.log"
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        let stream = EpochStream()
        var reports = GPSDReports(device: nil)
        var ours: [String: SKY] = [:]
        func add(_ epoch: EpochReport) {
            reports.add(epoch) { report in
                guard case .sky(let sky) = report, let time = sky.time else { return }
                ours[String(GPSDTimestamp(time).description.split(separator: "T")[1].prefix(12))] = sky
            }
        }
        stream.append(bytes, epoch: add)
        stream.finish(add)
        let text = try String(contentsOf: folder.appendingPathComponent(name + ".chk"), encoding: .utf8)
        var compared = 0
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("{\"class\":\"SKY\"") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let time = object["time"] as? String, let xdop = object["xdop"] as? Double, let ydop = object["ydop"] as? Double,
                  let gdop = object["gdop"] as? Double else { continue }
            let key = String(time.split(separator: "T")[1].prefix(12))
            let sky = try #require(ours[key], "\(name) \(key): gpsd master has a SKY, we have none")
            // Written to two places, as gpsd writes them.
            #expect(abs((sky.xdop ?? .nan) - xdop) <= 0.005 && abs((sky.ydop ?? .nan) - ydop) <= 0.005
                        && abs((sky.gdop ?? .nan) - gdop) <= 0.005,
                    "\(key): gpsd master x \(xdop) y \(ydop) g \(gdop), ours \(sky.xdop ?? .nan) \(sky.ydop ?? .nan) \(sky.gdop ?? .nan)")
            compared += 1
        }
        // NAV-SAT's SKY, NAV-SIG's and the epoch's last, for each of 29 epochs.
        #expect(compared == 86)
    }

    @Test("Where NAV-SIG follows NAV-SAT, a SKY of NAV-SAT's satellites comes before the SKY of its signals, as gpsd master reports each message: the same satellites, signal strengths, residuals, qualities, health and use")
    func navSATViewBeforeSignals() throws {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else {
            print(SharedMaterial.missingMessage)
            return
        }
        for (name, epochs) in [("ublox-x20p.log", 29), ("ublox-neo-f9v.log", 4), ("ublox-f9p-rtcm.log", 2)] {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let stream = EpochStream()
            var reports = GPSDReports(device: nil)
            var ours: [String: [[String: Any]]] = [:]
            func add(_ epoch: EpochReport) {
                reports.add(epoch) { report in
                    guard case .sky(let sky) = report, let time = sky.time else { return }
                    var writer = GPSDJSONWriter()
                    writer.write(sky)
                    guard let object = try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any] else { return }
                    ours[String(GPSDTimestamp(time).description.split(separator: "T")[1].prefix(12)), default: []].append(object)
                }
            }
            stream.append(bytes, epoch: add)
            stream.finish(add)
            // gpsd master's first SKY of each time is NAV-SAT's.
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".chk"), encoding: .utf8)
            var masters: [String: [String: Any]] = [:]
            for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("{\"class\":\"SKY\"") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let time = object["time"] as? String, object["satellites"] != nil else { continue }
                let key = String(time.split(separator: "T")[1].prefix(12))
                if masters[key] == nil { masters[key] = object }
            }
            #expect(masters.count == epochs, "\(name)")
            for (key, master) in masters.sorted(by: { $0.key < $1.key }) {
                let skies = try #require(ours[key], "\(name) \(key): gpsd master has a SKY, we have none")
                // Ours: NAV-SAT's view, then the epoch's SKY of NAV-SIG's signals.
                #expect(skies.count == 2, "\(name) \(key)")
                let view = skies[0]
                #expect(view["nSat"] as? Int == master["nSat"] as? Int && view["uSat"] as? Int == master["uSat"] as? Int,
                        "\(name) \(key): gpsd master nSat \(master["nSat"] ?? "none") uSat \(master["uSat"] ?? "none"), ours \(view["nSat"] ?? "none") \(view["uSat"] ?? "none")")
                let expected = master["satellites"] as? [[String: Any]] ?? []
                let got = view["satellites"] as? [[String: Any]] ?? []
                #expect(got.count == expected.count, "\(name) \(key)")
                for (master, ours) in zip(expected, got) {
                    for member in ["PRN", "gnssid", "svid", "qual", "health"] {
                        #expect(ours[member] as? Int == master[member] as? Int, "\(name) \(key) PRN \(master["PRN"] ?? 0) \(member)")
                    }
                    for member in ["el", "az", "ss", "prRes"] {
                        #expect(ours[member] as? Double == master[member] as? Double, "\(name) \(key) PRN \(master["PRN"] ?? 0) \(member)")
                    }
                    #expect(ours["used"] as? Bool == master["used"] as? Bool, "\(name) \(key) PRN \(master["PRN"] ?? 0) used")
                }
            }
        }
    }

    /// Every SKY of ours for the log `name`, in order, as gpsd's JSON writes it, read back as
    /// members; `nil` without the corpus.
    static func oursSkies(_ name: String) throws -> [[String: Any]]? {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        let stream = EpochStream()
        var reports = GPSDReports(device: nil)
        var skies: [[String: Any]] = []
        func add(_ epoch: EpochReport) {
            reports.add(epoch) { report in
                guard case .sky(let sky) = report else { return }
                var writer = GPSDJSONWriter()
                writer.write(sky)
                if let object = try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any] { skies.append(object) }
            }
        }
        stream.append(bytes, epoch: add)
        stream.finish(add)
        return skies
    }

    /// gpsd master's SKYs in `name.chk`, in order, as members.
    static func mastersSkies(_ name: String) throws -> [[String: Any]]? {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let text = try String(contentsOf: folder.appendingPathComponent(name + ".chk"), encoding: .utf8)
        return try text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{\"class\":\"SKY\"") }.compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("A u-blox receiver's SKY is stamped with the time of its last view of the satellites, as gpsd master stamps its SKYs (skyview_time), and has no time before the first view")
    func skyTimeIsTheView() throws {
        // ublox-neo-m8t sends NAV-SAT in 4 of its 39 epochs, ublox-zed-f9p-hp in 3 of 29.
        for (name, views) in [("ublox-neo-m8t.log", 4), ("ublox-zed-f9p-hp.log", 3), ("ublox-neo-m8n.log", 5), ("navisys-gr701w.log", 81)] {
            guard let ours = try Self.oursSkies(name), let masters = try Self.mastersSkies(name) else {
                print(SharedMaterial.missingMessage)
                return
            }
            let ourTimes = Set(ours.compactMap { $0["time"] as? String })
            #expect(ourTimes == Set(masters.compactMap { $0["time"] as? String }), "\(name)")
            #expect(ourTimes.count == views, "\(name)")
            // Before the first view, no time: ublox-neo-m8n's first NAV-SAT comes in its fourth epoch.
            if let first = ours.firstIndex(where: { $0["satellites"] != nil }) {
                #expect(ours[..<first].allSatisfy { $0["time"] == nil }, "\(name)")
            }
        }
    }

    @Test("A high-rate solution (HNR-PVT) has a TPV and no SKY, as gpsd master writes none for it: one SKY per navigation solution")
    func highRateHasNoSky() throws {
        for (name, solutions) in [("ublox-neo-m8l.log", 19), ("ublox-neo-m8u-hnr.log", 1)] {
            guard let ours = try Self.oursSkies(name) else {
                print(SharedMaterial.missingMessage)
                return
            }
            #expect(ours.count == solutions, "\(name)")
        }
    }
}
