import Testing
import NMEA
import TestSupport

/// A sentence that is decoded, written back and decoded again gives the same
/// fields, for every decodable sentence of the shared corpus and for
/// generated ones. Written back by `SentenceEncoding.swift` through the
/// package's one sentence writer.
@Suite struct RoundTripTests {
    @Test(.enabled(if: SharedMaterial.gpsdLogs != nil, Comment(rawValue: SharedMaterial.missingMessage)),
          arguments: CorpusLogs.names)
    func everyCorpusSentenceRoundTrips(_ name: String) throws {
        var framer = NMEAFramer(configuration: .init(acceptsMissingChecksum: true))
        var checked = 0
        let check = { (result: Result<NMEASentence, NMEAError>) in
            guard case let .success(sentence) = result,
                  let decoded = try? DecodedSentence(sentence) else { return }
            Self.expectRoundTrip(decoded, talker: sentence.talker.description, original: sentence.text)
            checked += 1
        }
        framer.append(try CorpusLogs.bytes(of: name), check)
        framer.finish(check)
        #expect(checked > 0)
    }

    @Test func generatedSentencesRoundTrip() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<3_000 {
            let text = checksummed(GeneratedSentence.body(using: &random))
            let decoded = try NMEASentence.withParsed(text) { (sentence) throws(NMEAError) in try DecodedSentence(sentence) }
            Self.expectRoundTrip(decoded, talker: "GN", original: text)
        }
    }

    static func expectRoundTrip(_ decoded: DecodedSentence, talker: String, original: String) {
        let written = decoded.encoded(talker: talker)
        let again = Result { () throws(NMEAError) in
            try NMEASentence.withParsed(written) { (sentence) throws(NMEAError) in try DecodedSentence(sentence) }
        }
        #expect(again == .success(decoded.withoutMalformedFields), "\(original) written back as \(written)")
    }
}
