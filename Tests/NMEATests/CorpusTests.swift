import Testing
import NMEA
import TestSupport

/// Every gpsd regression log runs through the framer and the decoders; the
/// checksum counts match the manifest or the difference is explained here.
@Suite(.enabled(if: SharedMaterial.gpsdLogs != nil, Comment(rawValue: SharedMaterial.missingMessage)))
struct CorpusTests {
    /// Logs where the framer counts differently from the manifest's
    /// per-line count, and why.
    static let explainedDifferences: [String: (ok: Int, bad: Int, missing: Int, why: String)] = [
        "beidou-bd.log": (79, 0, 0, "line 81 starts with a space before $GNRMC: the framer skips the space and keeps the sentence"),
        "ublox-8.log": (1008, 0, 1, "line 11 is line noise followed by a good sentence on the same line, which the framer keeps"),
        "quectel-l76k-dual.log": (2080, 0, 8, """
            120 more good sentences follow CASIC binary packets on the same line (the manifest counts only lines \
            starting with $); the one bad line is binary then $GNGGA, split at the embedded $ so the GGA is good; \
            8 '$' bytes inside binary packets start an alphanumeric 'address' and run to a line end unchecksummed
            """),
    ]

    /// Sentences of a decodable type, with a valid checksum, that still
    /// cannot be decoded because a strict field is impossible.
    static let undecodable: [String: (count: Int, error: NMEAError)] = [
        "mtk-3301.log": (12, .invalidField(.latitude)),  // MTK before its first fix: 89 degrees 60 minutes
    ]

    /// Sentences decoded with malformed optional fields, and the fields.
    static let decodedWithMalformedFields: [String: (count: Int, why: String)] = [
        "april6_2019.log": (1, "RMC date 2208-1: the GPS week-rollover bug"),
        "beidou-bd.log": (10, "SiRF-TriG sends a decimal number in GSA field 18, where NMEA 4.1 puts the system ID"),
    ]

    @Test(arguments: CorpusLogs.names)
    func checksumCountsMatchTheManifest(_ name: String) throws {
        let lines = frameLines(try CorpusLogs.bytes(of: name))
        let ok = lines.filter { if case .sentence = $0 { true } else { false } }.count
        let bad = lines.filter { if case .rejected(.checksumMismatch) = $0 { true } else { false } }.count
        let missing = lines.filter { if case .rejected(.missingChecksum) = $0 { true } else { false } }.count
        let expected = try #require(CorpusLogs.manifestCounts[name], "\(name) is not in MANIFEST.md")
        if let explained = Self.explainedDifferences[name] {
            #expect((ok, bad, missing) == (explained.ok, explained.bad, explained.missing), "\(explained.why)")
        } else {
            #expect((ok, bad, missing) == (expected.ok, expected.bad, expected.missing),
                    "\(name): \(lines.filter { if case .rejected = $0 { true } else { false } })")
        }
    }

    @Test(arguments: CorpusLogs.names)
    func acceptingMissingChecksumsDeliversThoseSentencesToo(_ name: String) throws {
        let bytes = try CorpusLogs.bytes(of: name)
        let strict = frameLines(bytes)
        let lenient = frameLines(bytes, configuration: .init(acceptsMissingChecksum: true))
        func count(_ lines: [FramedLine], _ predicate: (FramedLine) -> Bool) -> Int { lines.filter(predicate).count }
        let isSentence = { (line: FramedLine) in if case .sentence = line { true } else { false } }
        let isMissing = { (line: FramedLine) in if case .rejected(.missingChecksum) = line { true } else { false } }
        #expect(count(lenient, isSentence) == count(strict, isSentence) + count(strict, isMissing))
        #expect(count(lenient, isMissing) == 0)
        #expect(lenient.count == strict.count)
    }

    @Test(arguments: CorpusLogs.names)
    func everyKnownSentenceDecodesOrNamesItsStrictField(_ name: String) throws {
        var framer = NMEAFramer()
        var failures: [NMEAError] = []
        var malformed: [String] = []
        let decode = { (result: Result<NMEASentence, NMEAError>) in
            guard case let .success(sentence) = result else { return }
            do throws(NMEAError) {
                let decoded = try DecodedSentence(sentence)
                if !decoded.malformedFields.isEmpty { malformed.append("\(sentence.text) \(decoded.malformedFields)") }
            } catch .unexpectedSentenceType {
                return
            } catch {
                failures.append(error)
            }
        }
        framer.append(try CorpusLogs.bytes(of: name), decode)
        framer.finish(decode)
        let expected = Self.undecodable[name]
        #expect(failures.count == expected?.count ?? 0, "\(failures)")
        #expect(failures.allSatisfy { $0 == expected?.error })
        #expect(malformed.count == Self.decodedWithMalformedFields[name]?.count ?? 0, "\(malformed)")
    }

    @Test(arguments: CorpusLogs.names)
    func splittingTheInputNeverChangesTheOutput(_ name: String) throws {
        let bytes = try CorpusLogs.bytes(of: name)
        let whole = frameLines(bytes)
        #expect(!whole.isEmpty)
        #expect(frameLines(bytes, chunkSizes: [1]) == whole, "one byte at a time")
        var random = SystemRandomNumberGenerator()
        let sizes = (0..<64).map { _ in Int.random(in: 1...300, using: &random) }
        #expect(frameLines(bytes, chunkSizes: sizes) == whole, "chunk sizes \(sizes)")
    }
}
