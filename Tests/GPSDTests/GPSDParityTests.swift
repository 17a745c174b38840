import Foundation
import GNSS
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport
@testable import GPSD

/// The values gpsd 3.22 derives that NMEA does not say, as GPSD derives them
/// (docs/GPSDParity.md), each checked against what gpsd wrote for a log of its suite.
@Suite("gpsd's derived values")
struct GPSDDerivedValueTests {
    private let time = Date(timeIntervalSince1970: 1_419_995_239)

    /// bu353s4.log's fix at 03:07:21: its GGA gives a separation, its RMC no variation.
    private var fix: Location {
        Location(
            coordinate: Coordinate(latitude: -37.784793333, longitude: 175.31489), altitude: 60.1, geoidSeparation: 23.7,
            speed: 0.458, course: 181.39, timestamp: time, quality: .gps, mode: .threeDimensional, status: .valid,
            positioningMode: .autonomous, satellitesUsed: 8, hdop: 1.1, pdop: 1.8, vdop: 1.5)
    }

    @Test("magvar: RMC's, else (empty or 0.0) gpsd's WMM2015 table; magtrack is the track plus magvar")
    func magneticVariation() {
        // gpsd 3.22 writes "track":181.3900,"magtrack":201.9320,"magvar":20.5 for it.
        let report = TPV(fix)
        #expect(report.magneticVariation.map { ($0 * 10).rounded() / 10 } == 20.5)
        #expect(report.magneticTrack.map { ($0 * 10_000).rounded() / 10_000 } == 201.932)
        var given = fix
        given.magneticVariation = -3.2
        #expect(TPV(given).magneticVariation == -3.2)
        #expect(TPV(given).magneticTrack.map { ($0 * 100).rounded() / 100 } == 178.19)
        given.magneticVariation = 0
        #expect(TPV(given).magneticVariation == report.magneticVariation)
    }

    @Test("magtrack: VTG's own magnetic course when it gives one, as gpsd takes it")
    func vtgMagneticCourse() {
        // gp-320fw-2019-04-06-overflow.log: $GPVTG,000.0,T,357.0,M,... with RMC's 003.0,E; gpsd
        // 3.22 writes "track":0.0000,"magtrack":357.0000,"magvar":3.0.
        var epoch = EpochReport(time: UTCTime(hour: 23, minute: 57, second: 24), timestamp: time, location: fix)
        epoch.magneticCourse = 357
        var reports = GPSDReports(device: nil)
        var magneticTrack: Double?
        reports.add(epoch) { if case .tpv(let tpv) = $0 { magneticTrack = tpv.magneticTrack } }
        #expect(magneticTrack == 357)
    }

    @Test("geoidSep: GGA's, else gpsd's EGM2008 table, and altHAE from it")
    func geoidSeparation() {
        // unicore-um621.log's GGA leaves the separation empty; gpsd 3.22 writes
        // "altHAE":1087.0455,"altMSL":1109.2000,...,"geoidSep":-22.155.
        var unicore = fix
        unicore.coordinate = Coordinate(latitude: 44.068832333, longitude: -121.314102167)
        unicore.altitude = 1109.2
        unicore.geoidSeparation = nil
        let report = TPV(unicore)
        #expect(report.geoidSeparation.map { ($0 * 1000).rounded() / 1000 } == -22.155)
        #expect(report.altitudeHAE.map { ($0 * 10_000).rounded() / 10_000 } == 1087.0455)
        #expect(TPV(fix).geoidSeparation == 23.7)
        #expect(FiveDegreeGrid.geoidSeparation.value(latitude: .nan, longitude: 0) == 0)
        #expect(FiveDegreeGrid.magneticVariation.value(latitude: 100, longitude: 0) == 0)
    }

    @Test("eps and epc: this fix's and the previous fix's errors over the seconds between them")
    func rateErrors() {
        // bu353s4.log at 03:07:22: epx 9.484 and epy 12.791 both seconds, epv 34.5; gpsd 3.22
        // writes "eps":25.58,"epc":69.00.
        let geometry = SatelliteGeometry([
            (17, 72, 207), (28, 59, 95), (6, 35, 347), (1, 29, 132), (30, 23, 11), (20, 17, 69), (26, 9, 293), (13, 7, 304),
        ].map { Satellite(constellation: .gps, id: $0.0, elevation: $0.1, azimuth: $0.2, isUsed: true) })
        var first = TPV(fix)
        first.setHorizontalErrors(from: geometry)
        var next = fix
        next.timestamp = time.addingTimeInterval(1)
        var second = TPV(next, previous: first)
        second.setHorizontalErrors(from: geometry)
        second.setRateErrors(after: first)
        var writer = GPSDJSONWriter()
        writer.write(second)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""eps":25.58,"epc":69.00,"geoidSep""#))
        // Not from a fix without a time, nor from an older one.
        var late = TPV(fix, previous: second)
        late.setRateErrors(after: second)
        #expect(late.eps == nil && late.epc == nil)
    }

    @Test("GBS's expected errors replace the model's epx, epy and epv; epv only in 3D")
    func expectedErrors() {
        var report = TPV(fix)
        report.setErrors(expected: ExpectedErrors(latitude: 1.0, longitude: 1.5, altitude: 3.1))
        #expect(report.epx == 1.5 && report.epy == 1.0 && report.epv == 3.1)
        var flat = fix
        flat.mode = .twoDimensional
        var twoD = TPV(flat)
        twoD.setErrors(expected: ExpectedErrors(latitude: 1.0, longitude: 1.5, altitude: 3.1))
        #expect(twoD.epx == 1.5 && twoD.epv == nil)
    }

    @Test("dgpsAge and dgpsSta: GGA's, both or neither, and not two zeros")
    func differentialCorrections() {
        func tpv(age: Double?, station: Int?) -> String {
            var epoch = EpochReport(time: UTCTime(hour: 3, minute: 7, second: 21), timestamp: time, location: fix)
            (epoch.dgpsAge, epoch.dgpsStation) = (age, station)
            var reports = GPSDReports(device: nil)
            var line = ""
            reports.add(epoch) { report in
                guard case .tpv(let tpv) = report else { return }
                var writer = GPSDJSONWriter()
                writer.write(tpv)
                line = String(decoding: writer.bytes, as: UTF8.self)
            }
            return line
        }
        #expect(tpv(age: 1.0, station: 0).contains(#""sep":34.200,"dgpsAge":1.0,"dgpsSta":0}"#))
        #expect(!tpv(age: 0, station: 0).contains("dgps"))
        #expect(!tpv(age: nil, station: nil).contains("dgps"))
    }
}

/// The sky gpsd 3.22's clients see (`SkyTracker`), through the SKYs `GPSDReports` writes.
@Suite("gpsd's sky")
struct GPSDSkyTests {
    private let time = UTCTime(hour: 0, minute: 6, second: 53)

    private func epoch(_ satellites: [(Satellite, SatelliteListing)], gsa: [ListedSatellite] = []) -> EpochReport {
        var epoch = EpochReport(time: time, satellites: SatelliteView(satellites: satellites.map(\.0), timestamp: nil))
        epoch.satelliteListings = satellites.map(\.1)
        epoch.listedSatellites = gsa
        return epoch
    }

    private func sky(_ epoch: EpochReport, in reports: inout GPSDReports) -> SKY? {
        var sky: SKY?
        reports.add(epoch) { if case .sky(let report) = $0 { sky = report } }
        return sky
    }

    private func satellite(_ system: Constellation, _ id: Int, ss: Double? = 30, signal: UInt8? = nil) -> Satellite {
        Satellite(constellation: system, id: id, signal: signal, elevation: 40, azimuth: 90, signalStrength: ss)
    }

    @Test("used: a signal, and a PRN the last GSAs list; a GN GSA's numbers are read in the shared range, as gpsd reads them")
    func used() throws {
        var reports = GPSDReports(device: nil)
        // quectel-l76k-dual.log: $GNGSA,...,13,27,...,4 lists BeiDou 13, which gpsd reads as GPS 13.
        let view = epoch([
            (satellite(.gps, 13), SatelliteListing(talker: .gps, sentence: 1)),
            (satellite(.gps, 14, ss: nil), SatelliteListing(talker: .gps, sentence: 1)),
            (satellite(.beidou, 13), SatelliteListing(talker: .beidouBD, sentence: 1)),
            (satellite(.glonass, 1), SatelliteListing(talker: .glonass, sentence: 1)),
        ], gsa: [ListedSatellite(talker: .gnss, id: 13), ListedSatellite(talker: .gnss, id: 14),
                 ListedSatellite(talker: .glonass, id: 1)])
        let satellites = try #require(sky(view, in: &reports)).satellites
        #expect(satellites.map(\.isUsed) == [true, false, false, true])
        // An epoch without GSA keeps the last GSAs' satellites.
        var next = view
        next.listedSatellites = []
        #expect(try #require(sky(next, in: &reports)).satellites.map(\.isUsed) == [true, false, false, true])
    }

    @Test("in a sequence's later sentences a constellation talker's number above 32 is read in the shared range: GA 36 is SBAS 36")
    func laterSentences() throws {
        var reports = GPSDReports(device: nil)
        // ublox-neo-m9n-nmea.log: $GAGSV,3,3,10,30,...,36,08,098,,7; gpsd 3.22 writes {"PRN":36,...,"gnssid":1,"svid":123}.
        let view = epoch([
            (satellite(.galileo, 36), SatelliteListing(talker: .galileo, sentence: 1)),
            (satellite(.galileo, 30), SatelliteListing(talker: .galileo, sentence: 3)),
            (satellite(.galileo, 36), SatelliteListing(talker: .galileo, sentence: 3)),
        ])
        let numbers = try #require(sky(view, in: &reports)).satellites.map(\.number)
        #expect(numbers.map(\.gpsdPRN) == [336, 330, 36])
        #expect(numbers.map(\.ubloxGNSSID) == [2, 2, 1])
        #expect(numbers.last?.ubloxSVID == 123)
    }

    @Test("a GPS L1 sequence starts gpsd's list afresh; the SKY shows the epoch's fullest list, which goes on across epochs")
    func restarts() throws {
        var reports = GPSDReports(device: nil)
        let l1 = SatelliteListing(talker: .gps, sentence: 1), glonass = SatelliteListing(talker: .glonass, sentence: 1)
        // unicore-um621.log: GPS L1, then GPS L5 (signal 8, which gpsd counts as L1 too), then GLONASS.
        let first = epoch([
            (satellite(.gps, 8, signal: 1), l1), (satellite(.gps, 8, ss: 37, signal: 8), l1),
            (satellite(.glonass, 68, signal: 1), glonass),
        ])
        #expect(try #require(sky(first, in: &reports)).satellites.map(\.signalStrength) == [37, 30])
        // An epoch ended at its first GSV sequence: the rest of the sky comes with the next.
        let second = epoch([(satellite(.glonass, 69, signal: 1), glonass), (satellite(.gps, 10, signal: 1), l1)])
        #expect(try #require(sky(second, in: &reports)).satellites.map(\.id) == [8, 68, 69])
        // No view: the last SKY's satellites again, as gpsd's clients keep them.
        var none = EpochReport(time: time)
        none.listedSatellites = []
        #expect(try #require(sky(none, in: &reports)).satellites.map(\.id) == [8, 68, 69])
    }

    @Test("a GSV sequence after another sentence than a GSV starts gpsd's list afresh, whatever its talker: a receiver without GPS sequences shows each epoch's own sky")
    func restartsAfterOtherSentences() throws {
        var reports = GPSDReports(device: nil)
        // quectel-l76k-dual.log's BeiDou and GLONASS sequences, from a receiver that sends no
        // GPGSV: its BDGSV follows the GSAs, its GLGSV the BDGSV.
        let beidou = SatelliteListing(talker: .beidouBD, sentence: 1, opensListing: true)
        let glonass = SatelliteListing(talker: .glonass, sentence: 1)
        let view = epoch([(satellite(.beidou, 13), beidou), (satellite(.glonass, 74), glonass)])
        #expect(try #require(sky(view, in: &reports)).satellites.count == 2)
        #expect(try #require(sky(view, in: &reports)).satellites.count == 2)
    }

    @Test("the assembler marks the sequences that follow another sentence than a GSV, as gpsd clears its last GSV talker")
    func opensListing() {
        var stream = ReportStream(device: nil)
        var counts: [Int] = []
        let bodies = [
            "GNRMC,071551.000,A,4739.71754,N,12219.58177,W,0.00,286.35,060826,,,A,V",
            "GNGSA,A,3,13,27,28,38,,,,,,,,,1.3,0.8,1.1,4",
            "BDGSV,1,1,04,13,41,062,19,27,40,172,25,28,57,104,32,38,21,045,31,0",
            "GLGSV,1,1,02,74,23,099,,66,26,284,36,0",
            "GNGGA,071551.000,4739.71754,N,12219.58177,W,1,14,0.8,100.0,M,-20.0,M,,",
            "GNRMC,071552.000,A,4739.71755,N,12219.58177,W,0.00,286.35,060826,,,A,V",
            "GNGSA,A,3,13,27,28,38,,,,,,,,,1.3,0.8,1.1,4",
            "BDGSV,1,1,04,13,41,062,19,27,40,172,25,28,57,104,32,38,21,045,31,0",
            "GLGSV,1,1,02,74,23,099,,66,26,284,36,0",
            "GNGGA,071552.000,4739.71755,N,12219.58177,W,1,14,0.8,100.0,M,-20.0,M,,",
        ]
        Array(bodies.map(sentence).joined().utf8).withUnsafeBytes { bytes in
            stream.append(bytes) { if case .sky(let sky) = $0 { counts.append(sky.satellites.count) } }
        }
        stream.finish { if case .sky(let sky) = $0 { counts.append(sky.satellites.count) } }
        #expect(counts == [6, 6])
    }
}

/// `../shared/bench/field_parity.py`, when it is there.
enum ParityScript {
    static let path: String? = SharedMaterial.root.map { $0.appendingPathComponent("bench/field_parity.py").path }
        .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
}

/// `gps replay LOG --rate 0 --json` over gpsd's regression logs against gpsd 3.22's own output,
/// compared key by key by `../shared/bench/field_parity.py`, as `.ci/gpsd-parity` compares them.
@Suite(
    "Parity with gpsd 3.22's output",
    .enabled(if: SharedMaterial.gpsdLogs != nil, "\(SharedMaterial.missingMessage)"),
    .enabled(if: ParityScript.path != nil && Subprocess.find("python3") != nil,
             "../shared/bench/field_parity.py or python3 is missing: skipping the parity comparison"))
struct ParityTests {
    /// The keys a section of docs/GPSDParity.md (from the heading that starts with `heading` to
    /// the next) documents as deliberate differences, with the agreement (in percent) its table
    /// documents for each.
    static func deliberateKeys(inSection heading: String) throws -> [String: Double] {
        let page = try String(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("docs/GPSDParity.md"), encoding: .utf8)
        let lines = page.split(separator: "\n")
        let start = lines.firstIndex { $0.hasPrefix("## " + heading) }.map { $0 + 1 } ?? lines.endIndex
        let end = lines[start...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return Dictionary(uniqueKeysWithValues: lines[start..<end].compactMap { line -> (String, Double)? in
            guard let match = line.firstMatch(of: /^\| `([A-Za-z.]+)` \|[^|]*\|[^|]*\| *([0-9.]+)% *\| *deliberate/),
                  let documented = Double(match.2) else { return nil }
            return (String(match.1), documented)
        })
    }

    /// Each key's agreement in percent, from field_parity's rows.
    static func agreement(in output: String) -> [String: Double] {
        Dictionary(output.split(separator: "\n").compactMap { line -> (String, Double)? in
            guard let match = line.firstMatch(of: /^(\S+)\s+gpsd\s+\d+.*agree\s+\d+\s+\(\s*([0-9.]+)%\)/),
                  let ratio = Double(match.2) else { return nil }
            return (String(match.1), ratio)
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test("at least 97% of gpsd's values agree, every key below 95% is a documented deliberate difference, and no deliberate difference falls more than a point below the agreement documented for it")
    func parity() async throws {
        let logs = SharedMaterial.gpsdLogs!
        let expected = logs.appendingPathComponent("expected-3.22")
        let ours = FileManager.default.temporaryDirectory.appendingPathComponent("gpsd-parity-\(getpid())")
        try FileManager.default.createDirectory(at: ours, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: ours) }
        let names = try FileManager.default.contentsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".jsonl") }
        try await offThePool {
            for name in names {
                let bytes = [UInt8](try Data(contentsOf: logs.appendingPathComponent(String(name.dropLast(".jsonl".count)))))
                var output: [UInt8] = []
                bytes.withUnsafeBytes { ReportStream.writeJSON(for: $0, device: nil) { output += $0 } }
                try Data(output).write(to: ours.appendingPathComponent(name))
            }
        }
        let run = try await Subprocess.run(
            try #require(Subprocess.find("python3")), [ParityScript.path!, ours.path, expected.path], timeout: .seconds(120))
        #expect(run.status == 0)
        let totals = try #require(run.output.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(totals.utf8)) as? [String: Any])
        let ratio = try #require(object["ratio"] as? Double)
        #expect(ratio >= 0.97, "\(run.output)")
        let below = Set(try #require(object["keys_below_95"] as? [String]))
        let deliberate = try Self.deliberateKeys(inSection: "Keys")
        #expect(deliberate.count >= 10, "docs/GPSDParity.md's table was not read")
        let undocumented = below.subtracting(deliberate.keys).sorted()
        #expect(undocumented.isEmpty, "below 95% and not documented as deliberate in docs/GPSDParity.md: \(undocumented)")
        let measured = Self.agreement(in: run.output)
        let fallen = deliberate.filter { key, documented in measured[key].map { $0 < documented - 1 } ?? false }
        #expect(fallen.isEmpty, "below the agreement docs/GPSDParity.md documents: \(fallen.keys.sorted().map { "\($0) \(measured[$0]!)%" })")
    }
}

/// The u-blox logs, against gpsd master's own output (`NAME.log.chk`), as `.ci/gpsd-parity
/// --corpus ubx` compares them (docs/GPSDParity.md, u-blox logs).
@Suite(
    "Parity with gpsd master on u-blox logs",
    .enabled(if: SharedMaterial.ubxLogs.map { FileManager.default.fileExists(atPath: $0.path) } == true, "\(SharedMaterial.missingMessage)"),
    .enabled(if: ParityScript.path != nil && Subprocess.find("python3") != nil,
             "../shared/bench/field_parity.py or python3 is missing: skipping the parity comparison"))
struct UBXParityTests {
    /// Our JSON and gpsd master's for every u-blox log, in `ours` and `master` under a fresh
    /// folder, as field_parity.py reads them.
    static func outputs() async throws -> (folder: URL, ours: URL, reference: URL) {
        let logs = SharedMaterial.ubxLogs!
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpsd-ubx-parity-\(getpid())-\(UUID().uuidString)")
        let ours = folder.appendingPathComponent("ours"), reference = folder.appendingPathComponent("master")
        try FileManager.default.createDirectory(at: ours, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: logs.path).filter { $0.hasSuffix(".log") }
        try await offThePool {
            for name in names {
                try FileManager.default.copyItem(
                    at: logs.appendingPathComponent(name + ".chk"), to: reference.appendingPathComponent(name + ".jsonl"))
                let bytes = [UInt8](try Data(contentsOf: logs.appendingPathComponent(name)))
                var output: [UInt8] = []
                bytes.withUnsafeBytes { ReportStream.writeJSON(for: $0, device: nil) { output += $0 } }
                try Data(output).write(to: ours.appendingPathComponent(name + ".jsonl"))
            }
        }
        return (folder, ours, reference)
    }

    @Test("at least 92% of gpsd master's values agree, every key below 95% is a documented deliberate difference, and none falls more than a point below its documented agreement")
    func parity() async throws {
        let (folder, ours, reference) = try await Self.outputs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await Subprocess.run(
            try #require(Subprocess.find("python3")), [ParityScript.path!, ours.path, reference.path], timeout: .seconds(120))
        #expect(run.status == 0)
        let totals = try #require(run.output.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(totals.utf8)) as? [String: Any])
        let ratio = try #require(object["ratio"] as? Double)
        #expect(ratio >= 0.92, "\(run.output)")
        let below = Set(try #require(object["keys_below_95"] as? [String]))
        let deliberate = try ParityTests.deliberateKeys(inSection: "u-blox logs")
        #expect(deliberate.count >= 10, "docs/GPSDParity.md's u-blox table was not read")
        let undocumented = below.subtracting(deliberate.keys).sorted()
        #expect(undocumented.isEmpty, "below 95% and not documented as deliberate in docs/GPSDParity.md: \(undocumented)")
        let measured = ParityTests.agreement(in: run.output)
        let fallen = deliberate.filter { key, documented in measured[key].map { $0 < documented - 1 } ?? false }
        #expect(fallen.isEmpty, "below the agreement docs/GPSDParity.md documents: \(fallen.keys.sorted().map { "\($0) \(measured[$0]!)%" })")
    }

    @Test("Each of gpsd master's SKYs paired with whichever of ours of its time agrees best (.ci/gpsd-parity --pairing best), at least 98.5% of master's values agree: we write a SKY where master does, with what master has")
    func parityPairedBest() async throws {
        let (folder, ours, reference) = try await Self.outputs()
        defer { try? FileManager.default.removeItem(at: folder) }
        // field_parity.py with its two pairing lines changed, as .ci/gpsd-parity --pairing best changes them.
        var script = try String(contentsOfFile: ParityScript.path!, encoding: .utf8)
        let changes = [
            ("ours_by_time[k] = o  # the last SKY of each epoch", "ours_by_time.setdefault(k, []).append(o)"),
            ("candidates = [ours_by_time[k] for k in keys if k in ours_by_time]", "candidates = [o for k in keys for o in ours_by_time.get(k, [])]"),
        ]
        for (line, paired) in changes {
            try #require(script.contains(line), "field_parity.py's pairing is not the one this test changes: \(line)")
            script = script.replacingOccurrences(of: line, with: paired)
        }
        let patched = folder.appendingPathComponent("field_parity.py")
        try script.write(to: patched, atomically: true, encoding: .utf8)
        let run = try await Subprocess.run(
            try #require(Subprocess.find("python3")), [patched.path, ours.path, reference.path], timeout: .seconds(120))
        #expect(run.status == 0)
        let totals = try #require(run.output.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(totals.utf8)) as? [String: Any])
        #expect(try #require(object["ratio"] as? Double) >= 0.985, "\(run.output)")
    }
}
