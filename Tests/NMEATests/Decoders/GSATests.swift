import GNSS
import Testing
import NMEA

/// Decoding GSA, GNSS DOP and active satellites.
@Suite struct GSATests {
    @Test func decodesTheStandardExample() throws {
        let gsa = try GSA(parsing: "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39")
        #expect(gsa == GSA(selectionMode: .automatic, fixDimension: .threeDimensional,
                           satellitesUsed: GSA.SatelliteIDs([4, 5, 9, 12, 24]), pdop: 2.5, hdop: 1.3, vdop: 2.1))
        #expect(gsa.systemID == nil && gsa.constellation == nil)
    }

    @Test func readsTheNMEA41SystemID() throws {
        let gsa = try GSA(parsing: "$GNGSA,A,3,13,12,22,19,08,21,,,,,,,1.05,0.64,0.83,4*0B")
        #expect(gsa.systemID == 4 && gsa.constellation == .beidou)
        #expect(Array(gsa.satellitesUsed) == [13, 12, 22, 19, 8, 21])
    }

    @Test func holdsTwelveSatellitesOfThreeDigits() throws {
        let gsa = try GSA(parsing: checksummed("BDGSA,A,3,201,202,203,204,205,206,207,208,209,210,211,212,1.8,1.1,1.4"))
        #expect(Array(gsa.satellitesUsed) == Array(201...212))
        #expect(gsa.vdop == 1.4)
    }

    @Test func aShortSentenceHasNoSatellitesOrDilution() throws {
        let gsa = try GSA(parsing: "$GPGSA,A,1,,,,*32")
        #expect(gsa == GSA(selectionMode: .automatic, fixDimension: .noFix))
        #expect(gsa.satellitesUsed.isEmpty)
    }

    @Test func aMalformedSatelliteIDIsLeftOutAndRecorded() throws {
        let gsa = try GSA(parsing: checksummed("GPGSA,A,3,04,X5,09,,,,,,,,,,2.5,1.3,2.1"))
        #expect(Array(gsa.satellitesUsed) == [4, 9])
        #expect(gsa.malformedFields == FieldNumbers(rawValue: 1 << 3))
        #expect(gsa.malformedFields.contains(4))
        #expect(gsa.pdop == 2.5)
    }

    @Test(arguments: [
        ("GPGSA,AM,3,04,,,,,,,,,,,,2.5,1.3,2.1", NMEAFieldName.selectionMode),
        ("GPGSA,A,X,04,,,,,,,,,,,,2.5,1.3,2.1", .fixDimension),
        ("GPGSA,A,33,04,,,,,,,,,,,,2.5,1.3,2.1", .fixDimension),
    ])
    func aMalformedStrictFieldRejectsTheSentence(_ body: String, _ field: NMEAFieldName) {
        #expect(throws: NMEAError.invalidField(field)) { try GSA(parsing: checksummed(body)) }
    }
}
