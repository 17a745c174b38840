import Foundation
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport

/// The fix assembler, sentence by sentence: one `Location` per epoch, merged as gpsd merges.
@Suite("Fix assembler")
struct FixAssemblerTests {
    private static func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test("GGA, GSA and RMC of one epoch merge into one fix")
    func epochMerge() throws {
        let fixes = assemble(bodies: epoch("123519") + epoch("123520"))
        #expect(fixes.count == 2)
        let fix = try #require(fixes.first)
        #expect(fix.timestamp == Self.utc("2025-03-15T12:35:19Z"))
        #expect(abs(fix.coordinate.latitude - 48.1173) < 1e-9)
        #expect(abs(fix.coordinate.longitude - 11.516666666666667) < 1e-9)
        #expect(fix.altitude == 545.4)
        #expect(fix.geoidSeparation == 46.9)
        #expect(fix.quality == .gps)
        #expect(fix.satellitesUsed == 8)
        #expect(fix.hdop == 0.9)
        #expect(fix.mode == .threeDimensional)
        #expect(fix.status == .valid)
        #expect(fix.positioningMode == .autonomous)
        #expect(abs(fix.speed! - 22.4 * 1852 / 3600) < 1e-9)  // knots to m/s
        #expect(fix.course == 84.4)
        #expect(fix.horizontalAccuracy == 0.9 * 7.5)
        #expect(fix.isValidFix)
    }

    @Test("an epoch is reported when its cycle ender arrives, without waiting for the next epoch")
    func cycleEnder() {
        let bursts = FixesByBurst()
        func feed(_ bodies: [String]) { bursts.feed(bodies) }
        var fixes: [Location] { bursts.fixes }
        feed(epoch("000001"))
        #expect(fixes.isEmpty, "the end of the first epoch is not known yet")
        feed(epoch("000002"))
        #expect(fixes.count == 2, "the time change ends the first; VTG, learned as the ender, ends the second")
        feed(epoch("000003"))
        #expect(fixes.count == 3)
        #expect(fixes.map { $0.timestamp } == ["000001", "000002", "000003"].map { Self.utc("2025-03-15T00:00:\($0.suffix(2))Z") })
    }

    @Test("a GGA-only stream carries the last RMC date forward and turns the day at midnight")
    func midnightRollover() {
        let fixes = assemble(bodies: epoch("235958", date: "311224") + [
            "GPGGA,235959.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
            "GPGGA,000000.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
            "GPGGA,000001.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
        ])
        #expect(fixes.map(\.timestamp) == [
            Self.utc("2024-12-31T23:59:58Z"), Self.utc("2024-12-31T23:59:59Z"),
            Self.utc("2025-01-01T00:00:00Z"), Self.utc("2025-01-01T00:00:01Z"),
        ])
    }

    @Test("RMC dates cross year end on their own")
    func yearEndFromRMC() {
        let fixes = assemble(bodies: epoch("235959", date: "311224") + epoch("000000", date: "010125"))
        #expect(fixes.map(\.timestamp) == [Self.utc("2024-12-31T23:59:59Z"), Self.utc("2025-01-01T00:00:00Z")])
    }

    @Test("RMC status V and GGA quality 0 make a fix that is not valid, coordinates or not")
    func invalidFixes() {
        let void = assemble(bodies: epoch("101010", status: "V"))
        #expect(void.count == 1)
        #expect(void.first?.status == .invalid)
        #expect(void.first?.isValidFix == false)
        let noFix = assemble(bodies: epoch("101010", quality: "0"))
        #expect(noFix.first?.quality == .invalid)
        #expect(noFix.first?.isValidFix == false)
    }

    @Test("empty fields are nil, not zero")
    func emptyFields() throws {
        let fixes = assemble(bodies: [
            "GPGGA,101010.00,4807.0380,N,01131.0000,E,1,,,,M,,M,,",
            "GPRMC,101010.00,A,4807.0380,N,01131.0000,E,,,150325,,,A",
        ])
        let fix = try #require(fixes.first)
        #expect(fix.altitude == nil)
        #expect(fix.geoidSeparation == nil)
        #expect(fix.satellitesUsed == nil)
        #expect(fix.hdop == nil)
        #expect(fix.horizontalAccuracy == nil)
        #expect(fix.speed == nil)
        #expect(fix.course == nil)
        #expect(fix.mode == nil)
        #expect(fix.timestamp != nil)
    }

    @Test("an epoch without a position gives no fix; a time without a date gives no timestamp")
    func partialEpochs() {
        #expect(assemble(bodies: ["GPRMC,,V,,,,,,,,,,N", "GPGGA,101010.00,,,,,0,00,99.9,,M,,M,,"]).isEmpty)
        let undated = assemble(bodies: ["GPGGA,101010.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"])
        #expect(undated.count == 1)
        #expect(undated.first?.timestamp == nil)
    }

    @Test("a ZDA date dates the GGA of its epoch")
    func zdaDate() {
        let fixes = assemble(bodies: [
            "GPZDA,235957.00,31,12,2024,00,00",
            "GPGGA,235957.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
        ])
        #expect(fixes.map(\.timestamp) == [Self.utc("2024-12-31T23:59:57Z")])
    }

    @Test("a sentence that fails to decode costs only itself")
    func undecodableSentence() {
        let fixes = assemble(bodies: [
            "GPGGA,101010.00,8960.0000,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",  // 60 minutes
            "GPRMC,101010.00,A,4807.0380,N,01131.0000,E,1.0,,150325,,,A",
        ])
        #expect(fixes.count == 1)
        #expect(fixes.first?.altitude == nil)
        #expect(fixes.first?.status == .valid)
    }
}
