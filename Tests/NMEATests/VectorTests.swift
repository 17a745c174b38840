import Foundation
import Testing
import NMEA
import TestSupport

/// Every vector in `shared/corpus/vectors.jsonl` of a type the package
/// decodes, harvested from other parsers' test suites, either matches or is
/// listed here with the reason we decide differently.
@Suite(.enabled(if: SharedMaterial.corpus != nil, Comment(rawValue: SharedMaterial.missingMessage)))
struct VectorTests {
    /// Vectors their source rejects and we decode, and why.
    static let acceptedThoughInvalid: [String: String] = {
        let lenient = "a malformed optional field is nil and the rest decodes (the lenient-field policy)"
        let raw = "unknown indicator values are kept as sent, not rejected; the caller judges them"
        return [
            "$$GPGGA,,,,,,0,00,99.99,,,,,,*48":
                "a doubled $$ prefix is tolerated (ST Teseo receivers send it on every line; the issue asks for it)",
            "$GNRMC,220516,D,5133.82,N,00042.24,W,173.8,231.8,130694,004.2,W*6B": raw,
            "$GPRMC,220516,D,5133.82,N,00042.24,W,173.8,231.8,130694,004.2,W*75": raw,
            "$GNGGA,034225.077,3356.4650,S,15124.5567,E,12,03,9.7,-25.0,M,21.0,M,,0000*7D": raw,
            "$GPGGA,034225.077,3356.4650,S,15124.5567,E,12,03,9.7,-25.0,M,21.0,M,,0000*63": raw,
            "$GPGSA,F,3,22,19,18,27,14,03,,,,,,,3.1,2.0,2.4*31": raw,
            "$GPGSA,A,6,22,19,18,27,14,03,,,,,,,3.1,2.0,2.4*33": raw,
            "$GPGLL,3926.7952,N,12000.5947,W,022732,D,A*5D": raw,
            "$GNGNS,094821.0,4849.931307,N,00216.053323,E,AAX,14,0.6,161.5,48.0,,*35": raw,
            "$GNRMC,121614.00,A,5327.04173,N,00214.41443,W,X.138,,200122,,,A,V*65": lenient,
            "$GPZDA,220516,D,5133.82,N,00042.24,W,173.8,231.8,130694,004.2,W*76": lenient,
            "$GPVTG,T,45.5,67.5,M,30.45,N,56.40,K*4B": lenient,
            "$GLGSV,3,1,11.2,03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*77": lenient,
            "$GLGSV,3,1,11,A03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*2A": lenient,
            "$GLGSV,3,1,11,03,A03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*2A": lenient,
            "$GLGSV,3,1,11,03,03,A111,00,04,15,270,00,06,01,010,12,13,06,292,00*2A": lenient,
            "$GLGSV,3,1,11,03,03,111,A00,04,15,270,00,06,01,010,12,13,06,292,00*2A": lenient,
            "$GPGSV,3,1,11.2,03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*6b": lenient,
            "$GPGSV,3,1,11,A03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*36": lenient,
            "$GPGSV,3,1,11,03,A03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*36": lenient,
            "$GPGSV,3,1,11,03,03,A111,00,04,15,270,00,06,01,010,12,13,06,292,00*36": lenient,
            "$GPGSV,3,1,11,03,03,111,A00,04,15,270,00,06,01,010,12,13,06,292,00*36": lenient,
        ]
    }()

    /// Vectors their source decodes and we reject, and why.
    static let rejectedThoughValid: [String: String] = [
        "$GNGLL,5327.03598945,N,-0214.41467156,W,130058.00,A,A*7E":
            "a signed longitude beside its hemisphere is malformed, and the longitude is strict",
        "$GNGLL,5327.03598242,N,-0214.41468053,W,130059.00,A,A*78":
            "a signed longitude beside its hemisphere is malformed, and the longitude is strict",
        "GPGSV,3,3,09,24,03,046,*47\r\n": "a sentence starts with $ or ! (like minmea and go-nmea)",
        "  GPGSV,3,3,09,24,03,046,*47  \r\n  ": "a sentence starts with $ or ! (like minmea and go-nmea)",
    ]

    /// Values their source reads differently from us, and why.
    static let valuesReadDifferently: [String: (key: String, why: String)] = [
        "$GPZDA,,,,,-1,5*61": ("tz_minutes", "AeroRust gives the zone minutes the sign of the hours; we keep them as sent, like pynmea2"),
        "$GPRMC,123519.00,A,4807.038,N,01131.000,E,,,230394,,,S*4C":
            ("fix_valid", "mode S is the receiver's simulator: not a real position, as LocationTracking decides"),
        "$GPRMC,123519.00,A,4807.038,N,01131.000,E,,,230394,,,S,S*33":
            ("fix_valid", "mode S is the receiver's simulator: not a real position, as LocationTracking decides"),
    ]

    static let decodedTypes: Set<String> = ["GGA", "RMC", "GSA", "GSV", "VTG", "GLL", "GNS", "ZDA", "GST", "HDT"]

    /// One asserted value, as JSON gave it. Not `indirect`: the array already boxes a list, and
    /// indirect cases keep their boxes behind tagged pointers LeakSanitizer takes for leaks.
    enum Expected: Sendable, CustomStringConvertible {
        case empty
        case number(Double)
        case flag(Bool)
        case text(String)
        case list([Expected])

        init(_ json: Any) {
            switch json {
            case let flag as Bool where type(of: json) == type(of: NSNumber(value: true)): self = .flag(flag)
            case let number as NSNumber: self = .number(number.doubleValue)
            case let text as String: self = .text(text)
            case let list as [Any]: self = .list(list.map(Expected.init))
            default: self = .empty
            }
        }

        var description: String {
            switch self {
            case .empty: "null"
            case let .number(number): "\(number)"
            case let .flag(flag): "\(flag)"
            case let .text(text): text
            case let .list(list): "\(list)"
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
                  let type = object["type"] as? String, decodedTypes.contains(type) else { return nil }
            return Vector(sentence: object["sentence"] as! String, valid: object["valid"] as! Bool,
                          strictValid: object["strict_valid"] as? Bool ?? true, type: type,
                          expect: (object["expect"] as? [String: Any] ?? [:]).mapValues(Expected.init),
                          source: object["source"] as! String)
        }
    }()

    @Test func everyVectorOfADecodedTypeIsLoaded() {
        #expect(Self.vectors.count == 310)
    }

    @Test(arguments: vectors)
    func vector(_ vector: Vector) throws {
        let outcome = Result { () throws(NMEAError) in
            try NMEASentence.withParsed(vector.sentence, acceptsMissingChecksum: !vector.strictValid) {
                (sentence) throws(NMEAError) in (try DecodedSentence(sentence), sentence.talker.description)
            }
        }
        if let reason = Self.acceptedThoughInvalid[vector.sentence] {
            #expect(throws: Never.self, "listed as accepted (\(reason))") { _ = try outcome.get() }
            #expect(!vector.valid, "listed as accepted though invalid, but the source accepts it now")
            return
        }
        if let reason = Self.rejectedThoughValid[vector.sentence] {
            #expect(throws: NMEAError.self, "listed as rejected (\(reason))") { _ = try outcome.get() }
            #expect(vector.valid, "listed as rejected though valid, but the source rejects it now")
            return
        }
        guard vector.valid else {
            #expect(throws: NMEAError.self, "should be rejected: \(vector.expect["detail"].map { "\($0)" } ?? "")") {
                _ = try outcome.get()
            }
            return
        }
        let (decoded, talker) = try outcome.get()
        var values = decoded.vectorValues
        values["talker"] = talker
        for (key, expected) in vector.expect {
            guard let actual = values[key] else {
                Issue.record("vector key \(key) is not checked for \(vector.type)")
                continue
            }
            if key == "fix_valid", !Self.judgesFixLikeUs(vector, decoded) { continue }
            if Self.valuesReadDifferently[vector.sentence]?.key == key { continue }
            #expect(Self.matches(actual, expected), "\(key): \(actual.map { "\($0)" } ?? "nil") vs \(expected)")
        }
    }

    /// pynmea2 also calls an RMC fix invalid when the mode field is present
    /// but empty, or the NMEA 4.1 navigational status is not S/C/U. u-blox
    /// receivers send status V ("not provided") on every good fix, so we
    /// judge validity by the status and the mode only.
    static func judgesFixLikeUs(_ vector: Vector, _ decoded: DecodedSentence) -> Bool {
        guard case let .rmc(fix) = decoded else { return true }
        let fieldCount = try? NMEASentence.withParsed(vector.sentence) { $0.fields.count }
        let navigationalStatusSent = (fieldCount ?? 0) >= 13
        return fix.mode != nil
            && (!navigationalStatusSent || fix.navigationalStatus.map({ "SCU".utf8.contains($0.rawValue) }) == true)
    }

    static func matches(_ actual: Any?, _ expected: Expected) -> Bool {
        switch expected {
        case .empty:
            return actual == nil
        case let .number(number):
            guard let actual else { return false }
            let value = (actual as? Double) ?? (actual as? Int).map(Double.init) ?? .nan
            return abs(value - number) <= 1e-9
        case let .flag(flag):
            return actual as? Bool == flag
        case let .text(text):
            if let number = actual as? Int { return number == Int(text) || number == Int(text, radix: 16) }
            return actual as? String == text
        case let .list(list):
            guard let actual = actual as? [Any?], actual.count == list.count else { return false }
            return zip(actual, list).allSatisfy { matches($0, $1) }
        }
    }
}
