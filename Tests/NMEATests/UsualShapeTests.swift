import Testing
import NMEA

/// GSV's header, GGA's quality and satellites and GSA's mode and dimension
/// are read whole when they have their usual shape (`3,1,12`, `1,08`, `A,3`)
/// and field by field otherwise: the values and verdicts are the same.
@Suite struct UsualShapeTests {
    @Test(arguments: [("3,1,12", 3, 1, 12), ("3,1,1", 3, 1, 1), ("10,10,40", 10, 10, 40), ("3,1,", 3, 1, nil),
                      ("3,1,012", 3, 1, 12), ("9,9,99", 9, 9, 99)])
    func gsvHeaders(_ header: String, _ count: Int, _ number: Int, _ inView: Int?) throws {
        for rest in [",01,40,083,46", ""] {
            let gsv = try GSV(parsing: checksummed("GPGSV,\(header)\(rest)"))
            #expect(gsv.sentenceCount == count && gsv.sentenceNumber == number && gsv.satellitesInView == inView)
        }
    }

    @Test(arguments: ["0,1,12", "3,0,12", "a,1,12", "3,-1,12", "3,1a,12"])
    func gsvHeadersWithABadCountOrNumberAreRejected(_ header: String) {
        #expect(throws: NMEAError.self) { try GSV(parsing: checksummed("GPGSV,\(header),01,40,083,46")) }
    }

    @Test(arguments: [("1,08", 1, 8), ("1,8", 1, 8), ("12,08", 12, 8), ("0,00", 0, 0), ("1,", 1, nil), ("8,123", 8, 123)])
    func ggaQualityAndSatellites(_ fields: String, _ quality: UInt8, _ satellites: Int?) throws {
        let fix = try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,\(fields),0.9,545.4,M,46.9,M,,"))
        #expect(fix.fixQuality == FixQuality(rawValue: quality) && fix.satellitesUsed == satellites)
        #expect(throws: NMEAError.invalidField("fixQuality")) {
            try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,x\(fields),0.9,545.4,M,46.9,M,,"))
        }
    }

    @Test(arguments: [("A,3", UInt8(ascii: "A"), 3 as UInt8?), ("M,2", UInt8(ascii: "M"), 2), ("*,1", UInt8(ascii: "*"), 1),
                      ("A,", UInt8(ascii: "A"), nil)])
    func gsaModeAndDimension(_ fields: String, _ mode: UInt8, _ dimension: UInt8?) throws {
        let gsa = try GSA(parsing: checksummed("GPGSA,\(fields),04,05,,,,,,,,,,,2.5,1.3,2.1"))
        #expect(gsa.selectionMode?.rawValue == mode && gsa.fixDimension?.rawValue == dimension)
        #expect(Array(gsa.satellitesUsed) == [4, 5])
    }

    @Test(arguments: ["AB,3", "A,33", "A,x"])
    func gsaModesAndDimensionsOfOtherShapesAreRejected(_ fields: String) {
        #expect(throws: NMEAError.self) { try GSA(parsing: checksummed("GPGSA,\(fields),04,05,,,,,,,,,,,2.5,1.3,2.1")) }
    }
}
