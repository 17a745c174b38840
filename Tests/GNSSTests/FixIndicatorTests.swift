import GNSS
import Testing

/// The four indicators a receiver gives of its fix, as NMEA sends them and as gpsd judges them.
@Suite("Fix indicators")
struct FixIndicatorTests {
    @Test("GGA quality digits: 0 is no fix, 7 and 8 are positions not from the sky, others are fixes")
    func fixQuality() {
        let named: [FixQuality] = [.invalid, .gps, .differential, .pps, .rtkFixed, .rtkFloat, .deadReckoning, .manualInput, .simulated]
        #expect(named.map(\.rawValue) == Array(0...8))
        #expect(named.map(\.hasPosition) == [false, true, true, true, true, true, true, true, true])
        #expect(named.map(\.isSimulatedOrManual) == [false, false, false, false, false, false, false, true, true])
        #expect(named.map(\.hasFix) == [false, true, true, true, true, true, true, false, false])
        #expect(FixQuality.rtkFixed.description == "RTK fixed")
    }

    @Test("mode letters: N is no fix, M and S are positions not from the sky, others are fixes")
    func positioningMode() {
        let named: [PositioningMode] = [.autonomous, .differential, .estimated, .rtkFloat, .manualInput, .notValid, .precise, .rtkFixed, .simulated]
        #expect(String(decoding: named.map(\.rawValue), as: UTF8.self) == "ADEFMNPRS")
        #expect(named.filter { !$0.hasPosition } == [.notValid])
        #expect(named.filter(\.isSimulatedOrManual) == [.manualInput, .simulated])
        #expect(named.filter { !$0.hasFix } == [.manualInput, .notValid, .simulated])
        #expect(PositioningMode.rtkFixed.description == "R")
    }

    @Test("status letters: only A is a fix, V and any other letter are not")
    func fixStatus() {
        #expect(FixStatus.valid.rawValue == UInt8(ascii: "A") && FixStatus.valid.isValid)
        #expect(FixStatus.invalid.rawValue == UInt8(ascii: "V") && !FixStatus.invalid.isValid)
        #expect(!FixStatus(rawValue: UInt8(ascii: "D")).isValid)
        #expect(FixStatus.invalid.description == "V")
    }

    @Test("GSA mode digits: 1 no fix, 2 and 3 dimensions; only those are defined")
    func fixMode() {
        #expect([FixMode.noFix, .twoDimensional, .threeDimensional].map(\.rawValue) == [1, 2, 3])
        #expect((0...9).map { FixMode(rawValue: $0).isDefined } == [false, true, true, true, false, false, false, false, false, false])
        #expect([FixMode.noFix, .twoDimensional, .threeDimensional, FixMode(rawValue: 0)].map(\.description)
            == ["no fix", "2D", "3D", "mode 0"])
    }

    @Test("values the standard does not define round-trip, and count as what they claim")
    func unknownValuesRoundTrip() {
        #expect(FixQuality(rawValue: 9).rawValue == 9)
        #expect(FixQuality(rawValue: 9).hasFix)
        #expect(FixQuality(rawValue: 9).description == "quality 9")
        #expect(PositioningMode(rawValue: UInt8(ascii: "X")).rawValue == UInt8(ascii: "X"))
        #expect(PositioningMode(rawValue: UInt8(ascii: "X")).hasFix)
        #expect(PositioningMode(rawValue: UInt8(ascii: "X")).description == "X")
        #expect(FixStatus(rawValue: UInt8(ascii: "X")).description == "X")
        #expect(FixMode(rawValue: 7).rawValue == 7)
    }
}
