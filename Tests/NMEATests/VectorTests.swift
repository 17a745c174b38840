import Foundation
import Testing
import NMEA
import TestSupport

/// Every GGA and RMC vector in `shared/corpus/vectors.jsonl`, harvested from
/// other parsers' test suites, either matches or is listed here with the
/// reason we decide differently.
@Suite(.enabled(if: SharedMaterial.corpus != nil, Comment(rawValue: SharedMaterial.missingMessage)))
struct VectorTests {
    /// Vectors whose source's verdict we do not share, and why.
    static let decidedDifferently: [String: String] = [
        "$$GPGGA,,,,,,0,00,99.99,,,,,,*48":
            "a doubled $$ prefix is tolerated (ST Teseo receivers send it on every line; the issue asks for it)",
        "$GNRMC,220516,D,5133.82,N,00042.24,W,173.8,231.8,130694,004.2,W*6B":
            "an unknown RMC status letter is kept as sent (like AeroRust); only A counts as a valid fix",
        "$GPRMC,220516,D,5133.82,N,00042.24,W,173.8,231.8,130694,004.2,W*75":
            "an unknown RMC status letter is kept as sent (like AeroRust); only A counts as a valid fix",
        "$GNGGA,034225.077,3356.4650,S,15124.5567,E,12,03,9.7,-25.0,M,21.0,M,,0000*7D":
            "unknown fix-quality values are kept as sent, not rejected (the issue asks for it)",
        "$GPGGA,034225.077,3356.4650,S,15124.5567,E,12,03,9.7,-25.0,M,21.0,M,,0000*63":
            "unknown fix-quality values are kept as sent, not rejected (the issue asks for it)",
    ]

    /// One asserted value, as JSON gave it.
    enum Expected: Sendable {
        case empty
        case number(Double)
        case flag(Bool)
        case text(String)

        init(_ json: Any) {
            switch json {
            case let flag as Bool where type(of: json) == type(of: NSNumber(value: true)): self = .flag(flag)
            case let number as NSNumber: self = .number(number.doubleValue)
            case let text as String: self = .text(text)
            default: self = .empty
            }
        }
    }

    struct Vector: CustomStringConvertible, Sendable {
        let sentence: String
        let valid: Bool
        let strictValid: Bool
        let type: String
        let expect: [String: Expected]
        let source: String
        var description: String { "\(source): \(sentence)" }
    }

    static let vectors: [Vector] = {
        guard let url = SharedMaterial.corpus?.appendingPathComponent("vectors.jsonl"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let type = object["type"] as? String, type == "GGA" || type == "RMC" else { return nil }
            return Vector(sentence: object["sentence"] as! String, valid: object["valid"] as! Bool,
                          strictValid: object["strict_valid"] as? Bool ?? true, type: type,
                          expect: (object["expect"] as? [String: Any] ?? [:]).mapValues(Expected.init), source: object["source"] as! String)
        }
    }()

    @Test func everyGGAAndRMCVectorIsLoaded() {
        #expect(Self.vectors.count == 136)
    }

    @Test(arguments: vectors)
    func vector(_ vector: Vector) throws {
        let acceptsMissing = !vector.strictValid
        let outcome: Result<Decoded, NMEAError> = Result { () throws(NMEAError) in
            vector.type == "GGA"
                ? .gga(try GGA(parsing: vector.sentence, acceptsMissingChecksum: acceptsMissing))
                : .rmc(try RMC(parsing: vector.sentence, acceptsMissingChecksum: acceptsMissing))
        }
        if let reason = Self.decidedDifferently[vector.sentence] {
            guard case .success = outcome else {
                Issue.record("listed as decided differently (\(reason)) but rejected: \(outcome)")
                return
            }
            #expect(!vector.valid, "listed as decided differently, but the source agrees now")
            return
        }
        guard vector.valid else {
            #expect(throws: NMEAError.self, "should be rejected: \(vector.expect["detail"].map { "\($0)" } ?? "")") {
                _ = try outcome.get()
            }
            return
        }
        let decoded = try outcome.get()
        for (key, expected) in vector.expect {
            check(key, expected, decoded, vector)
        }
    }

    enum Decoded {
        case gga(GGA)
        case rmc(RMC)
    }

    private func check(_ key: String, _ expected: Expected, _ decoded: Decoded, _ vector: Vector) {
        let actual: Any?
        switch (key, decoded) {
        case ("time", .gga(let fix)): actual = fix.time.map(Self.format)
        case ("time", .rmc(let fix)): actual = fix.time.map(Self.format)
        case ("lat", .gga(let fix)): actual = fix.latitude
        case ("lat", .rmc(let fix)): actual = fix.latitude
        case ("lon", .gga(let fix)): actual = fix.longitude
        case ("lon", .rmc(let fix)): actual = fix.longitude
        case ("fix_quality", .gga(let fix)): actual = fix.fixQuality.map { Int($0.rawValue) }
        case ("satellites", .gga(let fix)): actual = fix.satellitesUsed
        case ("hdop", .gga(let fix)): actual = fix.hdop
        case ("altitude_m", .gga(let fix)): actual = fix.altitude
        case ("geoid_sep_m", .gga(let fix)): actual = fix.geoidSeparation
        case ("dgps_age_s", .gga(let fix)): actual = fix.dgpsAge
        case ("dgps_station", .gga(let fix)): actual = fix.dgpsStation
        case ("status", .rmc(let fix)): actual = fix.status.map { String(UnicodeScalar($0.rawValue)) }
        case ("speed_knots", .rmc(let fix)): actual = fix.speedKnots
        case ("course_deg", .rmc(let fix)): actual = fix.courseDegrees
        case ("date", .rmc(let fix)): actual = fix.date.map(Self.format)
        case ("mag_var_deg", .rmc(let fix)): actual = fix.magneticVariation
        case ("mode", .rmc(let fix)): actual = fix.mode.map { String(UnicodeScalar($0.rawValue)) }
        case ("nav_status", .rmc(let fix)): actual = fix.navigationalStatus.map { String(UnicodeScalar($0.rawValue)) }
        case ("fix_valid", .rmc(let fix)):
            // pynmea2 also calls a fix invalid when the mode field is present but
            // empty, or the NMEA 4.1 navigational status is not S/C/U. u-blox
            // receivers send status V ("not provided") on every good fix, so we
            // judge validity by the status and the mode only.
            let fieldCount = try? NMEASentence.withParsed(vector.sentence) { $0.fields.count }
            let navigationalStatusSent = (fieldCount ?? 0) >= 13
            guard fix.mode != nil, !navigationalStatusSent || fix.navigationalStatus.map({ "SCU".utf8.contains($0.rawValue) }) == true
            else { return }
            actual = fix.isValidFix
        case ("fix_valid", .gga(let fix)): actual = fix.isValidFix
        case ("talker", _):
            actual = (try? NMEASentence.withParsed(vector.sentence, acceptsMissingChecksum: true) { $0.talker.description })
        default:
            Issue.record("vector key \(key) is not checked")
            return
        }
        switch expected {
        case .empty:
            #expect(actual == nil, "\(key) should be empty")
        case let .number(number):
            guard let actual else { Issue.record("\(key) is nil, expected \(number)"); return }
            let value = (actual as? Double) ?? Double(actual as! Int)
            #expect(abs(value - number) <= 1e-9, "\(key): \(value) vs \(number)")
        case let .flag(flag):
            #expect(actual as? Bool == flag, "\(key)")
        case let .text(text):
            if let number = actual as? Int {
                #expect(number == Int(text), "\(key): \(number) vs \(text)")
            } else {
                #expect(actual as? String == text, "\(key)")
            }
        }
    }

    static func format(_ time: UTCTime) -> String {
        let fraction = time.nanosecond % 1_000_000 == 0
            ? String(format: "%03d", time.nanosecond / 1_000_000)
            : String(format: "%06d", time.nanosecond / 1_000)
        return String(format: "%02d%02d%02d.", time.hour, time.minute, time.second) + fraction
    }

    static func format(_ date: NMEADate) -> String {
        String(format: "%02d%02d%02d", date.day, date.month, date.twoDigitYear)
    }
}
