import GNSS
import Testing

/// Constellations, and the two ways NMEA names one: its system ID and its shared numbering.
@Suite("Constellations")
struct ConstellationTests {
    static let named: [Constellation] = [.gps, .sbas, .galileo, .beidou, .qzss, .glonass, .navic]

    @Test("numbered as u-blox's gnssId and gpsd's gnssid, with short names; unknown ones round-trip")
    func numbersAndNames() {
        #expect(Self.named.map(\.rawValue) == [0, 1, 2, 3, 5, 6, 7])
        #expect(Self.named.map(\.description) == ["GPS", "SBAS", "Galileo", "BeiDou", "QZSS", "GLONASS", "NavIC"])
        #expect(Constellation(rawValue: 9).rawValue == 9)
        #expect(Constellation(rawValue: 9).description == "GNSS 9")
    }

    @Test("NMEA 4.1 system IDs 1–6 round-trip; SBAS has none, other IDs name no constellation")
    func nmeaSystemIDs() {
        #expect(Self.named.map(\.nmeaSystemID) == [1, nil, 3, 4, 5, 2, 6])
        for constellation in Self.named {
            guard let id = constellation.nmeaSystemID else { continue }
            #expect(Constellation(nmeaSystemID: id) == constellation)
        }
        #expect(([0] + Array(7...15)).allSatisfy { Constellation(nmeaSystemID: $0) == nil })
    }

    @Test("the shared numbering of GP and GN says the constellation by range", arguments: [
        (1, Constellation.gps), (32, .gps), (33, .sbas), (64, .sbas), (65, .glonass), (96, .glonass),
        (97, .gps), (152, .sbas), (158, .sbas), (193, .qzss), (200, .qzss), (201, .beidou), (264, .beidou),
        (301, .galileo), (336, .galileo), (401, .beidou), (437, .beidou), (999, .gps),
    ])
    func sharedNumbering(id: Int, constellation: Constellation) {
        #expect(Constellation(sharedNumbering: id) == constellation)
    }
}
