import Foundation
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport
@testable import GPSD

/// gpsd's JSON as `gps replay LOG --rate 0 --json` writes it (`ReportStream.writeJSON`, the same
/// `EpochStream` and `GPSDJSONSink`) for every log of
/// gpsd's regression suite, beside the library's own fixes and gpsd 3.22's TPVs.
@Suite("JSON replay of gpsd's logs", .enabled(if: SharedMaterial.gpsdLogs != nil, "../shared is missing"))
struct JSONAgreementTests {
    /// A TPV with a fix, reduced to what is compared.
    struct Fix: Equatable {
        var date: Substring
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        /// gpsd's east and north error estimates, metres.
        var epx: Double?
        var epy: Double?
    }

    static let logs: [String] = {
        guard let folder = SharedMaterial.gpsdLogs?.appendingPathComponent("expected-3.22"),
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".log.jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
    }()

    /// TPVs with mode 2 or 3 and a time, by time of day ("hh:mm:ss.sss"); the last of a time wins.
    static func fixes(_ json: String) -> [Substring: Fix] {
        var fixes: [Substring: Fix] = [:]
        for line in json.split(whereSeparator: \.isNewline) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
                  let time = object["time"] as? String, let latitude = object["lat"] as? Double,
                  let longitude = object["lon"] as? Double else { continue }
            let parts = time.split(separator: "T")
            fixes[parts[1]] = Fix(date: parts[0], latitude: latitude, longitude: longitude, altitude: object["altMSL"] as? Double,
                                  epx: object["epx"] as? Double, epy: object["epy"] as? Double)
        }
        return fixes
    }

    private static func json(_ nmea: [UInt8]) -> String {
        var output: [UInt8] = []
        nmea.withUnsafeBytes { ReportStream.writeJSON(for: $0, device: nil, blockSize: 4096) { output += $0 } }
        return String(decoding: output, as: UTF8.self)
    }

    private static func nmea(_ log: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: SharedMaterial.gpsdLogs!.appendingPathComponent(log)))
    }

    private static func gpsdJSON(_ log: String) throws -> String {
        try String(contentsOf: SharedMaterial.gpsdLogs!.appendingPathComponent("expected-3.22/\(log).jsonl"), encoding: .utf8)
    }

    // Replaying and decoding every log takes seconds of CPU: it runs off the cooperative pool
    // (`offThePool`), and the tests check what it returns.

    /// A log's JSON beside the library's own fixes.
    struct Replay: Sendable {
        var lines: [String]
        /// Each TPV line without what it may add from the previous fix (climb, eps, epc), the
        /// epx and epy from the last sky, and GGA's DGPS age and station.
        var tpvsWithoutCarriedFields: [String]
        /// The TPV of each of the library's epochs, written alone.
        var libraryTPVs: [String]
    }

    private static func replay(_ bytes: [UInt8]) -> Replay {
        var library: [EpochReport] = []
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        framer.append(bytes) { if case .success(let sentence) = $0 { assembler.consume(sentence) { library.append($0) } } }
        framer.finish { if case .success(let sentence) = $0 { assembler.consume(sentence) { library.append($0) } } }
        assembler.finish { library.append($0) }
        let lines = json(bytes).split(separator: "\r\n").map(String.init)
        let tpvs = lines.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        return Replay(
            lines: lines,
            tpvsWithoutCarriedFields: tpvs.map(withoutCarriedFields),
            libraryTPVs: library.map { epoch in
                var writer = GPSDJSONWriter()
                var tpv = epoch.location.map { TPV($0) } ?? TPV(time: epoch.timestamp)
                // The receiver's own expected and estimated errors (GBS, PGRME), velocity
                // (PSTI,030) and magnetic course (VTG) are the epoch's, not the fix's.
                if let errors = epoch.expectedErrors { tpv.setErrors(expected: errors) }
                if let errors = epoch.estimatedErrors { tpv.setErrors(estimated: errors) }
                if let velocity = epoch.velocity { tpv.setVelocity(velocity) }
                if let course = epoch.magneticCourse, tpv.mode >= 2 { tpv.magneticTrack = course }
                writer.write(tpv)
                return withoutCarriedFields(String(decoding: writer.bytes.dropLast(2), as: UTF8.self))
            })
    }

    /// A TPV line without the fields the stream carries from epoch to epoch: the climb, the
    /// errors of the sky's geometry and of the dilutions the receiver sent last (`epx`, `epy`,
    /// `eph`, `epv`, `sep`), the rate errors and the differential corrections.
    private static func withoutCarriedFields(_ line: String) -> String {
        line.replacing(/,"climb":-?[0-9.]+/, with: "").replacing(/,"epx":[0-9.]+,"epy":[0-9.]+/, with: "")
            .replacing(/,"epv":[0-9.]+/, with: "").replacing(/,"eph":[0-9.]+/, with: "").replacing(/,"sep":[0-9.]+/, with: "")
            .replacing(/,"eps":[0-9.]+/, with: "").replacing(/,"epc":[0-9.]+/, with: "")
            .replacing(/,"dgpsAge":[0-9.]+,"dgpsSta":[0-9]+/, with: "")
    }

    @Test("every epoch is one TPV and one SKY, in order, and every fix is the library's", arguments: logs)
    func losslessAndInOrder(log: String) async throws {
        let bytes = try Self.nmea(log)
        let replay = try await offThePool { Self.replay(bytes) }
        #expect(replay.lines.count == 2 * replay.libraryTPVs.count)
        for (index, line) in replay.lines.enumerated() {
            #expect(line.hasPrefix(index % 2 == 0 ? #"{"class":"TPV""# : #"{"class":"SKY""#))
        }
        // Otherwise the stream's TPV is the fix alone.
        for (streamed, alone) in zip(replay.tpvsWithoutCarriedFields, replay.libraryTPVs) {
            #expect(streamed == alone)
        }
    }

    /// How the fixes of every log compare with gpsd 3.22's.
    struct Agreement: Sendable {
        var compared = 0, samePosition = 0, sameAltitude = 0, onlyGpsd = 0, onlyOurs = 0
        var withErrors = 0, sameErrors = 0
    }

    private static func agreementTally() throws -> Agreement {
        var tally = Agreement()
        for log in logs {
            let ours = fixes(json(try nmea(log)))
            let gpsd = fixes(try gpsdJSON(log))
            for (time, theirs) in gpsd {
                guard let mine = ours[time] else {
                    tally.onlyGpsd += 1
                    continue
                }
                tally.compared += 1
                if abs(mine.latitude - theirs.latitude) <= 1e-7 && abs(mine.longitude - theirs.longitude) <= 1e-7 { tally.samePosition += 1 }
                if mine.altitude == theirs.altitude { tally.sameAltitude += 1 }
                if theirs.epx != nil {
                    tally.withErrors += 1
                    if mine.epx == theirs.epx && mine.epy == theirs.epy { tally.sameErrors += 1 }
                }
            }
            tally.onlyOurs += ours.keys.filter { gpsd[$0] == nil }.count
        }
        return tally
    }

    @Test("against gpsd 3.22: the same epochs agree as with the library's fixes")
    func agreement() async throws {
        let tally = try await offThePool { try Self.agreementTally() }
        // The library's figures (docs/GPSReader.md, GpsdComparisonTests): 1,166 epochs compared, 1 fix only
        // gpsd reports; the position and altitude differences are the known ones it lists.
        #expect(tally.compared >= 1166, "compared \(tally.compared)")
        #expect(tally.onlyGpsd <= 1, "\(tally.onlyGpsd) fixes only gpsd reports")
        #expect(tally.compared - tally.samePosition <= 25, "\(tally.compared - tally.samePosition) positions differ")
        #expect(tally.compared - tally.sameAltitude <= 29, "\(tally.compared - tally.sameAltitude) altitudes differ")
        // epx and epy to the last digit where gpsd's sky is ours (593 of 840 fixes); they differ
        // for receivers of several constellations, whose used satellites gpsd's SKYs mark otherwise.
        #expect(tally.sameErrors >= 593 && tally.withErrors >= 840, "\(tally.sameErrors) of \(tally.withErrors) epx/epy the same")
        print("JSON replay against gpsd 3.22: compared \(tally.compared), same position \(tally.samePosition), same altitude \(tally.sameAltitude), only gpsd \(tally.onlyGpsd), only ours \(tally.onlyOurs), same epx/epy \(tally.sameErrors) of \(tally.withErrors)")
    }

    /// A SKY with satellites, reduced to what is compared: its dilutions of precision, and
    /// its satellites (`PRN` and `ss`: gpsd 3.22 writes 0 for an empty `el` or `az`, we leave
    /// them out), which pair it with the other side's.
    struct Sky: Equatable {
        var satellites: String
        var dops: [Double?]
    }

    /// The SKYs with satellites, in order.
    static func skies(_ json: String) -> [Sky] {
        json.split(whereSeparator: \.isNewline).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "SKY", let satellites = object["satellites"] as? [[String: Any]] else { return nil }
            let key = satellites.map { satellite in
                ["PRN", "ss"].map { "\(satellite[$0] ?? "")" }.joined(separator: ",")
            }.joined(separator: ";")
            return Sky(satellites: key, dops: ["xdop", "ydop", "vdop", "tdop", "hdop", "gdop", "pdop"].map { object[$0] as? Double })
        }
    }

    /// gpsd's SKYs with DOPs, those paired with one of ours, and those whose DOPs are the same.
    struct DilutionTally: Sendable {
        var withDOPs = 0, paired = 0, same = 0
    }

    private static func dilutionTally() throws -> DilutionTally {
        var tally = DilutionTally()
        for log in logs {
            let ours = skies(json(try nmea(log)))
            let gpsd = skies(try gpsdJSON(log)).filter { $0.dops[0] != nil }
            // gpsd writes a SKY at the end of each talker's GSV sequence, we one per epoch: each of
            // gpsd's is paired, in order, with our next one that lists the same satellites.
            var next = ours.startIndex
            for theirs in gpsd {
                tally.withDOPs += 1
                guard let match = ours[next...].firstIndex(where: { $0.satellites == theirs.satellites }) else { continue }
                next = match + 1
                tally.paired += 1
                if ours[match].dops == theirs.dops { tally.same += 1 }
            }
        }
        return tally
    }

    @Test("against gpsd 3.22: SKY's seven dilutions of precision, where gpsd's sky lists the satellites ours does")
    func skyDilutions() async throws {
        let tally = try await offThePool { try Self.dilutionTally() }
        // Of gpsd's 1,119 SKYs with DOPs, 655 list the satellites one of ours lists, and 466 of
        // those have all seven DOPs to the last digit. The 464 unpaired are nearly all from
        // receivers of several constellations (ublox-neo-m9n-nmea 184, quectel-l76k-dual 130,
        // unicore-um621 70, furuno_gl_ga 31, st-teseo-liv4f 30, skytraq-PX1172RH_DS 14), for
        // which no SKY of gpsd's lists the whole sky ours lists; 5 are logs' first SKYs, where our
        // first epoch, before the cycle is learned, holds more than one GSV set. Of the 189
        // paired that differ, quectel-l76k-dual's 129 mark other satellites used (as for
        // epx/epy); gpsdf's 50 come between its GGA and its GSA, so gpsd's have the GGA's HDOP
        // and the previous epoch's VDOP and PDOP, ours the epoch's GSA's; the other 10 (iTrek,
        // bundg_zeus_9, telit-he910, furuno_gl_ga) come before their epoch's GSA, so gpsd marks
        // used the satellites of the previous epoch's GSA, we those of the epoch's.
        #expect(tally.same >= 466 && tally.paired >= 655 && tally.withDOPs >= 1119,
                "\(tally.same) of \(tally.paired) paired (\(tally.withDOPs) with DOPs) the same")
    }

    /// The satellites of every log's SKYs, gpsd's and ours: how many, how many with ss 0, and
    /// those without an ss.
    struct Strengths: Sendable {
        var satellites = 0, withoutSNR = 0
        var withoutStrength: [String] = []
    }

    private static func strengths() throws -> Strengths {
        var strengths = Strengths()
        for log in logs {
            for (source, json) in [("gpsd", try gpsdJSON(log)), ("ours", json(try nmea(log)))] {
                for line in json.split(whereSeparator: \.isNewline) {
                    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                          let sky = object["satellites"] as? [[String: Any]] else { continue }
                    for satellite in sky {
                        let strength = satellite["ss"] as? Double
                        if strength == nil { strengths.withoutStrength.append("\(source) \(log): \(satellite)") }
                        strengths.satellites += 1
                        if strength == 0 { strengths.withoutSNR += 1 }
                    }
                }
            }
        }
        return strengths
    }

    @Test("every satellite has an ss, 0 without a signal-to-noise figure, as in gpsd 3.22's SKYs")
    func signalStrengths() async throws {
        let strengths = try await offThePool { try Self.strengths() }
        #expect(strengths.withoutStrength.isEmpty, "\(strengths.withoutStrength)")
        #expect(strengths.withoutSNR > 0 && strengths.satellites > strengths.withoutSNR)
    }
}
