import Testing
import NMEA

/// Decoding GSV, GNSS satellites in view.
@Suite struct GSVTests {
    @Test func decodesFourSatellites() throws {
        let gsv = try GSV(parsing: "$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00*77")
        #expect(gsv.sentenceCount == 3 && gsv.sentenceNumber == 1 && gsv.satellitesInView == 11)
        #expect(Array(gsv.satellites) == [
            GSV.Satellite(id: 3, elevation: 3, azimuth: 111, snr: 0),
            GSV.Satellite(id: 4, elevation: 15, azimuth: 270, snr: 0),
            GSV.Satellite(id: 6, elevation: 1, azimuth: 10, snr: 12),
            GSV.Satellite(id: 13, elevation: 6, azimuth: 292, snr: 0),
        ])
        #expect(gsv.signalID == nil && gsv.malformedFields.isEmpty)
    }

    @Test func emptyTrailingSlotsAreNotSatellites() throws {
        let gsv = try GSV(parsing: "$GPGSV,3,3,11,22,42,067,42,24,14,311,43,27,05,244,00,,,,*4D")
        #expect(gsv.satellites.map(\.id) == [22, 24, 27])
    }

    @Test func anUntrackedSatelliteHasNoSNR() throws {
        let gsv = try GSV(parsing: "$GPGSV,4,1,13,02,28,259,33,04,12,212,27,05,34,305,30,07,79,138,*7F")
        #expect(gsv.satellites[3] == GSV.Satellite(id: 7, elevation: 79, azimuth: 138))
    }

    @Test func readsTheNMEA41SignalID() throws {
        let gsv = try GSV(parsing: "$GLGSV,3,2,10,75,37,057,,76,78,303,18,77,27,253,21,84,19,018,,B*07")
        #expect(gsv.signalID == 0xB)
        #expect(gsv.satellites.count == 4)
        let short = try GSV(parsing: "$GLGSV,2,2,07,78,30,255,33,85,19,018,,86,25,071,,1*42")
        #expect(short.signalID == 1 && short.satellites.count == 3)
    }

    @Test func aSentenceWithNoSatellites() throws {
        let gsv = try GSV(parsing: "$GBGSV,1,1,00,0*77")
        #expect(gsv == GSV(sentenceCount: 1, sentenceNumber: 1, satellitesInView: 0, signalID: 0))
        #expect(try GSV(parsing: "$GPGSV,1,1,00*79").signalID == nil)
    }

    @Test func keepsFractionalSNRsAndEmptyAngles() throws {
        let gsv = try GSV(parsing: "$GPGSV,3,1,11,09,57,333,29.0,07,54,227,,04,49,043,24.5,03,43,129,,1*67")
        #expect(gsv.satellites.map(\.snr) == [29, nil, 24.5, nil])
        let beidou = try GSV(parsing: "$GBGSV,1,1,02,21,,,15,25,,,28,1*7E")
        #expect(beidou.satellites[0] == GSV.Satellite(id: 21, snr: 15))
    }

    @Test(arguments: ["GPGSV,A3,1,11,03,03,111,00", "GPGSV,3,A1,11,03,03,111,00", "GPGSV,3,0,11,03,03,111,00"])
    func aMalformedSequenceHeaderRejectsTheSentence(_ body: String) {
        #expect(throws: NMEAError.self) { try GSV(parsing: checksummed(body)) }
    }

    /// A satellite of the usual shape `dd,dd,ddd,dd` takes a faster path:
    /// its limits and its end are still checked like any other field's.
    @Test(arguments: [
        ("01,90,360,99", GSV.Satellite(id: 1, elevation: 90, azimuth: 360, snr: 99), [Int]()),
        ("01,91,083,46", GSV.Satellite(id: 1, azimuth: 83, snr: 46), [5]),
        ("01,40,361,46", GSV.Satellite(id: 1, elevation: 40, snr: 46), [6]),
        ("01,40,083,46X", GSV.Satellite(id: 1, elevation: 40, azimuth: 83), [7]),
        ("01,40,083,4", GSV.Satellite(id: 1, elevation: 40, azimuth: 83, snr: 4), []),
        ("A1,40,083,46", GSV.Satellite(elevation: 40, azimuth: 83, snr: 46), [4]),
        ("01,-5,083,46", GSV.Satellite(id: 1, elevation: -5, azimuth: 83, snr: 46), []),
    ])
    func aSatelliteOfTheUsualShapeIsCheckedLikeAnyOther(
        _ group: String, _ satellite: GSV.Satellite, _ malformed: [Int]
    ) throws {
        let gsv = try GSV(parsing: checksummed("GPGSV,1,1,02,\(group),02,10,100,30"))
        #expect(Array(gsv.satellites) == [satellite, GSV.Satellite(id: 2, elevation: 10, azimuth: 100, snr: 30)])
        var expected = FieldNumbers.none
        for number in malformed { expected.insert(number) }
        #expect(gsv.malformedFields == expected)
    }

    /// Four satellites of the usual shape are read in one straight line; when the fourth is
    /// not of that shape, the loop reads all four again, with the same values and verdicts.
    @Test func aFourthSatelliteOfAnotherShapeIsReadLikeTheOthers() throws {
        let usual = "01,40,083,46,02,10,100,30,03,05,007,11"
        let gsv = try GSV(parsing: checksummed("GPGSV,1,1,04,\(usual),04,7X,200,20"))
        #expect(gsv.satellites.map(\.id) == [1, 2, 3, 4] && gsv.satellites[3].elevation == nil)
        var elevation = FieldNumbers.none
        elevation.insert(17)
        #expect(gsv.malformedFields == elevation)
        let all = try GSV(parsing: checksummed("GPGSV,1,1,04,\(usual),04,07,200,20,1"))
        #expect(all.satellites.map(\.snr) == [46, 30, 11, 20] && all.signalID == 1 && all.malformedFields.isEmpty)
    }
}
