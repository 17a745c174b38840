import GPSReader
import LocationTracking
import Testing
import TestSupport

/// The satellite view of each epoch: complete GSV sequences from every talker, GSA's satellites
/// marked used.
@Suite("Satellite view assembly")
struct SatelliteViewAssemblyTests {
    @Test("a complete GSV sequence lists every satellite, with GSA's marked used")
    func oneTalker() throws {
        let view = try #require(assembleEpochs(bodies: withSatellites(epoch("101010"))).first?.satellites)
        #expect(view.inViewCount == 12)
        #expect(view.usedCount == 8)
        #expect(view.bestSignalStrength == 47)
        let first = try #require(view.satellites.first)
        #expect(first == Satellite(constellation: .gps, id: 4, elevation: 45, azimuth: 120, signalStrength: 44, isUsed: true))
        #expect(view.satellites.first { $0.id == 2 }?.signalStrength == nil, "an empty SNR is not tracked, not 0")
        #expect(view.satellites.first { $0.id == 2 }?.isUsed == false)
    }

    @Test("a sequence with a missing part drops that talker's view for the epoch, and the next epoch is whole")
    func missingPart() throws {
        var broken = withSatellites(epoch("101010"))
        broken.remove(at: 3)  // GPGSV 2 of 3
        let epochs = assembleEpochs(bodies: broken + withSatellites(epoch("101011")))
        #expect(epochs.count == 2)
        #expect(epochs[0].satellites == nil)
        #expect(epochs[1].satellites?.inViewCount == 12)
    }

    @Test("parts out of order are dropped, never mixed")
    func outOfOrder() {
        var shuffled = withSatellites(epoch("101010"))
        shuffled.swapAt(2, 3)
        #expect(assembleEpochs(bodies: shuffled).first?.satellites == nil)
    }

    @Test("multi-constellation: GP, GL, GA and GB talkers, NMEA 4.1 GSAs one per system, united")
    func multiConstellation() throws {
        let bodies = [
            "GNGGA,101010.00,4807.0380,N,01131.0000,E,1,11,0.7,545.4,M,46.9,M,,",
            "GNGSA,A,3,04,05,09,,,,,,,,,,1.2,0.7,1.0,1",
            "GNGSA,A,3,71,72,,,,,,,,,,,1.2,0.7,1.0,2",
            "GNGSA,A,3,11,12,,,,,,,,,,,1.2,0.7,1.0,3",
            "GNGSA,A,3,23,,,,,,,,,,,,1.2,0.7,1.0,4",
            "GPGSV,1,1,04,04,45,120,44,05,30,200,38,09,60,045,41,12,10,300,,1",
            "GLGSV,1,1,03,71,40,100,35,72,20,200,30,80,05,010,,1",
            "GAGSV,1,1,02,11,50,150,40,12,25,250,36,7",
            "GBGSV,1,1,02,23,70,080,42,24,15,330,,1",
            "GNRMC,101010.00,A,4807.0380,N,01131.0000,E,0.0,,150325,,,A,V",
        ]
        let epoch = try #require(assembleEpochs(bodies: bodies).first)
        let view = try #require(epoch.satellites)
        #expect(view.inViewCount == 11)
        #expect(view.usedCount == 8)
        let constellations = Dictionary(grouping: view.satellites, by: \.constellation).mapValues(\.count)
        #expect(constellations == [.gps: 4, .glonass: 3, .galileo: 2, .beidou: 2])
        #expect(view.satellites.filter(\.isUsed).map(\.id) == [4, 5, 9, 71, 72, 11, 12, 23])
        #expect(view.satellites.first { $0.constellation == .galileo }?.signal == 7)
        #expect(view.satellites.first { $0.id == 12 && $0.constellation == .gps }?.isUsed == false,
                "GPS 12 is in view but only Galileo 12 is used")
        #expect(epoch.location?.mode == .threeDimensional)
        #expect(epoch.location?.satellitesUsed == 11, "GGA's count wins over the GSA lists")
    }

    @Test("without GGA's count, the satellites used are those GSA listed")
    func usedCountFromGSA() throws {
        let fix = try #require(assemble(bodies: [
            "GPRMC,101010.00,A,4807.0380,N,01131.0000,E,0.0,,150325,,,A",
            "GPGSA,A,3,04,05,09,12,,,,,,,,,1.8,0.9,1.5",
        ]).first)
        #expect(fix.satellitesUsed == 4)
    }

    @Test("an epoch without GSV has no view; an empty sky is a view")
    func emptySky() {
        #expect(assembleEpochs(bodies: epoch("101010")).first?.satellites == nil)
        let empty = assembleEpochs(bodies: ["GPGGA,101010.00,,,,,0,00,99.9,,M,,M,,", "GPGSV,1,1,00"]).first?.satellites
        #expect(empty?.inViewCount == 0)
    }
}
