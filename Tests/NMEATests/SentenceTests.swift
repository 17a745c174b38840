import Testing
import NMEA

/// Looking at a sentence in place: talker, type, fields.
@Suite struct SentenceTests {
    @Test func readsTalkerTypeAndAddress() throws {
        let parts = try NMEASentence.withParsed("$GNRMC,,V,,,,,,,,,,N*4D") { ($0.talker, $0.type, $0.address.description) }
        #expect(parts.0 == .gnss)
        #expect(parts.1 == .rmc)
        #expect(parts.2 == "GNRMC")
    }

    @Test(arguments: [("GP", Talker.gps), ("GN", .gnss), ("GL", .glonass), ("GA", .galileo), ("GB", .beidouGB),
                      ("BD", .beidouBD), ("GQ", .qzssGQ), ("QZ", .qzssQZ), ("GI", .navic), ("IN", .integratedNavigation)])
    func knowsTheTalkers(_ letters: String, _ talker: Talker) throws {
        let sentence = checksummed("\(letters)GGA,")
        #expect(try NMEASentence.withParsed(sentence) { $0.talker } == talker)
        #expect(talker.description == letters)
    }

    @Test func recognisesProprietarySentences() throws {
        let sentence = checksummed("PGRME,15.0,M,45.0,M,25.0,M")
        let parts = try NMEASentence.withParsed(sentence) { ($0.talker, $0.type, $0.talker.isProprietary) }
        #expect(parts.0 == .proprietary)
        #expect(parts.1 == "GRM")
        #expect(parts.2)
    }

    @Test func unknownTalkersAndTypesRoundTrip() throws {
        let parts = try NMEASentence.withParsed(checksummed("YDXYZ,1")) { ($0.talker.description, $0.type.description) }
        #expect(parts == ("YD", "XYZ"))
    }

    /// Five upper-case letters are checked as one word; any other address
    /// (digits among them) byte by byte, with the same verdict.
    @Test(arguments: [("GPGGA,1", "GPGGA"), ("GP1GA,1", "GP1GA"), ("gpgga,1", "gpgga"), ("GPGGA", "GPGGA"),
                      ("PUBX,00", "PUBX"), ("GPGGAX,1", "GPGGAX"), ("GPG[A,1", nil), ("GPG@A,1", nil), ("GPGG\u{C1},1", nil)])
    func acceptsAlphanumericAddressesOnly(_ body: String, _ address: String?) {
        let result = Result { () throws(NMEAError) in try NMEASentence.withParsed(checksummed(body)) { $0.address.description } }
        #expect((try? result.get()) == address)
        if address == nil { #expect(throws: NMEAError.malformedAddress) { try result.get() } }
    }

    @Test func givesFieldsByIndexWithEmptyFieldsEmpty() throws {
        let fields = try NMEASentence.withParsed("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47") {
            sentence in (sentence.fields.count, sentence.field(at: 0)?.description, sentence.field(at: 2)?.description,
                         sentence.field(at: 12)?.isEmpty, sentence.field(at: 13)?.isEmpty, sentence.field(at: 14) == nil)
        }
        #expect(fields.0 == 14)
        #expect(fields.1 == "123519")
        #expect(fields.2 == "N")
        #expect(fields.3 == true)
        #expect(fields.4 == true)
        #expect(fields.5)
    }

    @Test func aSentenceWithoutFieldsHasNone() throws {
        #expect(try NMEASentence.withParsed(checksummed("GPXYZ")) { $0.fields.count } == 0)
    }

    @Test func textKeepsTheSentenceBeyondItsClosure() throws {
        let text = try NMEASentence.withParsed("$GPTXT,x*1B\r\n") { $0.text }
        #expect(text == "$GPTXT,x*1B")
    }

    @Test(arguments: [("GPTXT,x*0C", NMEAError.notASentence), ("abc$GPTXT,x*1B", .notASentence), ("", .notASentence),
                      ("$GPTXT,x*1B$GPTXT,x*1B", .interrupted), ("$*00", .malformedAddress), ("$GP-X,1*00", .malformedAddress)])
    func parsingOneSentenceRejectsWhatIsNotOne(_ text: String, _ error: NMEAError) {
        #expect(throws: error) { try NMEASentence.withParsed(text) { $0.fields.count } }
    }
}
