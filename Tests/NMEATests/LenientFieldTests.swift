import Testing
import NMEA

/// The policy for real receivers' mess: a malformed optional field is `nil`
/// and recorded, the rest of the sentence decodes; a malformed field that
/// makes the fix still rejects the sentence.
@Suite struct LenientFieldTests {
    @Test func theSiRFRMCWithoutAVariationDirectionDecodes() throws {
        // NMEA 2.3 from a SiRF receiver: field 11 is the mode letter, the
        // variation's direction is missing. gpsd reads mode A.
        let fix = try RMC(parsing: "$GPRMC,212614.879,A,4839.9488,N,00214.8863,E,0.56,344.41,181207,0,A*77")
        #expect(fix.mode == .autonomous)
        #expect(fix.magneticVariation == nil)
        #expect(fix.date == NMEADate(day: 18, month: 12, twoDigitYear: 7))
        #expect(fix.speedKnots == 0.56 && fix.courseDegrees == 344.41)
        #expect(fix.time == UTCTime(hour: 21, minute: 26, second: 14, nanosecond: 879_000_000))
        #expect(fix.malformedFields.description == "[11]")
        #expect(fix.isValidFix)
    }

    @Test func aModeLetterWhereTheVariationDirectionBelongsIsNotAMode() throws {
        // A whole NMEA 2.3 sentence with a bad direction: the mode comes from field 12.
        let fix = try RMC(parsing: checksummed("GPRMC,212614,A,4839.9488,N,00214.8863,E,0.56,344.41,181207,3.1,A,D"))
        #expect(fix.mode == .differential && fix.magneticVariation == nil)
        #expect(fix.malformedFields.contains(11))
    }

    @Test func lettersWhereADGPSStationShouldBeAreNil() throws {
        let fix = try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,2,08,0.9,545.4,M,46.9,M,3.0,AB"))
        #expect(fix.dgpsStation == nil)
        #expect(fix.dgpsAge == 3 && fix.altitude == 545.4 && fix.fixQuality == .differential)
        #expect(fix.malformedFields.description == "[14]")
        let gns = try GNS(parsing: checksummed("GNGNS,122310.2,3722.425671,N,12258.856215,W,DA,14,0.9,1005.5,6.5,5.2,XY,S"))
        #expect(gns.dgpsStation == nil && gns.navigationalStatus == .safe && gns.malformedFields.contains(12))
    }

    @Test func anSNROver99IsNil() throws {
        let gsv = try GSV(parsing: checksummed("GPGSV,1,1,02,01,40,083,146,02,17,308,41"))
        #expect(gsv.satellites[0] == GSV.Satellite(id: 1, elevation: 40, azimuth: 83))
        #expect(gsv.satellites[1].snr == 41)
        #expect(gsv.malformedFields.description == "[7]")
    }

    @Test func aWrongUnitMakesOnlyItsValueNil() throws {
        let fix = try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,1788.7,F,46.9,M,,"))
        #expect(fix.altitude == nil && fix.geoidSeparation == 46.9)
        #expect(fix.malformedFields.description == "[10]")
    }

    @Test func aMalformedDateIsNilAndTheFixStays() throws {
        // The week-rollover bug of april6_2019.log.
        let fix = try RMC(parsing: checksummed("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,2208-1,011.3,E"))
        #expect(fix.date == nil && fix.latitude != nil && fix.magneticVariation == 11.3)
        #expect(fix.malformedFields.contains(9))
    }

    @Test func wellFormedSentencesRecordNothing() throws {
        #expect(try GGA(parsing: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47").malformedFields == .none)
        #expect(try RMC(parsing: "$GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E*68").malformedFields.isEmpty)
    }

    /// One malformed strict field per decoder: the sentence is rejected, naming it.
    @Test(arguments: [
        ("GPGGA,12351,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", NMEAFieldName.time),
        ("GPGGA,123519,4807.038,N,01131.000,E,Q,08,0.9,545.4,M,46.9,M,,", .fixQuality),
        ("GPRMC,225446,AA,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E", .status),
        ("GPRMC,225446,A,4916.45,Q,12311.12,W,000.5,054.7,191194,020.3,E", .latitudeHemisphere),
        ("GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E,AX", .mode),
        ("GPGLL,4916.45,N,12311.12,W,225444,A,DD", .mode),
        ("GNGNS,122310.2,3722.4256x1,N,12258.856215,W,DA,14,0.9,1005.5,6.5,5.2,23,S", .latitude),
        ("GPZDA,1600.71,11,03,2004,-1,00", .time),
        ("GPGST,0246,3.2,6.6,4.7,47.3,5.8,5.6,22.0", .time),
    ])
    func aMalformedStrictFieldRejectsTheSentence(_ body: String, _ field: NMEAFieldName) throws {
        let error = try #require(throws: NMEAError.self) {
            try NMEASentence.withParsed(checksummed(body)) { (sentence) throws(NMEAError) in
                switch sentence.type {
                case .gga: _ = try GGA(sentence)
                case .rmc: _ = try RMC(sentence)
                case .gll: _ = try GLL(sentence)
                case .gns: _ = try GNS(sentence)
                case .zda: _ = try ZDA(sentence)
                default: _ = try GST(sentence)
                }
            }
        }
        #expect(error == .invalidField(field))
        #expect(error.description == "invalid \(field) field")
    }

    /// Plain numbers take a faster path than signs, long numbers and
    /// malformed ones; both give the same values and the same verdicts.
    @Test(arguments: [
        ("545.4", 545.4, false), ("-17.40", -17.4, false), ("+17.4", 17.4, false), ("7", 7, false),
        ("0.1234567890123456", 0.1234567890123456, false), ("0.5000000000000000000001", 0.5, false),
        ("-", nil, true), (".", nil, true), ("-.", nil, true), ("5.4.3", nil, true), ("1234567890123456789", nil, true),
    ] as [(String, Double?, Bool)])
    func aDecimalReadsTheSameOnEveryPath(_ text: String, _ value: Double?, _ malformed: Bool) throws {
        let fix = try GGA(parsing: checksummed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,\(text),M,46.9,M,,"))
        #expect(fix.altitude == value)
        #expect(fix.malformedFields.contains(9) == malformed)
        #expect(fix.geoidSeparation == 46.9)
    }
}
