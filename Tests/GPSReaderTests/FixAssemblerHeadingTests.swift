import Foundation
import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport

/// The heading (HDT) and the magnetic variation (RMC) reach the `Location` of their epoch.
@Suite("Fix assembler: heading and magnetic variation")
struct FixAssemblerHeadingTests {
    @Test("RMC's magnetic variation is east positive, west negative, nil when empty")
    func magneticVariation() throws {
        let west = try #require(assemble(bodies: epoch("101010")).first)  // 003.1,W
        #expect(west.magneticVariation == -3.1)
        let east = try #require(assemble(bodies: [
            "GPRMC,101010.00,A,4807.0380,N,01131.0000,E,022.4,084.4,150325,003.1,E,A",
        ]).first)
        #expect(east.magneticVariation == 3.1)
        let none = try #require(assemble(bodies: [
            "GPRMC,101010.00,A,4807.0380,N,01131.0000,E,022.4,084.4,150325,,,A",
        ]).first)
        #expect(none.magneticVariation == nil)
    }

    @Test("an HDT in the epoch gives its heading; without one the heading is nil")
    func headingFromHDT() throws {
        let withHeading = try #require(assemble(bodies: epoch("101010") + ["HEHDT,271.5,T"]).first)
        #expect(withHeading.heading == 271.5)
        #expect(withHeading.course == 84.4, "the course over ground stays the receiver's")
        let without = try #require(assemble(bodies: epoch("101010")).first)
        #expect(without.heading == nil)
    }

    @Test("of several HDTs in one epoch the newest counts; 360 is due north, 0; past 360 is no heading")
    func headingValues() throws {
        let newest = try #require(assemble(bodies: ["HEHDT,10.0,T"] + epoch("101010") + ["HEHDT,12.5,T"]).first)
        #expect(newest.heading == 12.5)
        let north = try #require(assemble(bodies: epoch("101010") + ["HEHDT,360.0,T"]).first)
        #expect(north.heading == 0)
        let nonsense = try #require(assemble(bodies: epoch("101010") + ["HEHDT,12.0,T", "HEHDT,400.0,T"]).first)
        #expect(nonsense.heading == 12.0, "the sensor's last real heading stands")
        let malformed = try #require(assemble(bodies: epoch("101010") + ["HEHDT,12.0,M"]).first)
        #expect(malformed.heading == nil, "a heading not marked T (true) is not read")
    }

    @Test("HDT does not end epochs: the cycle ender is learned without it, and a late HDT joins the next epoch")
    func headingLeavesTheCycleAlone() {
        let bursts = FixesByBurst()
        func feed(_ bodies: [String]) { bursts.feed(bodies) }
        var fixes: [Location] { bursts.fixes }
        feed(epoch("000001") + ["HEHDT,10.0,T"])
        #expect(fixes.isEmpty)
        feed(epoch("000002"))
        #expect(fixes.count == 2, "the time change ends the first epoch, and VTG, not HDT, is learned as the ender")
        #expect(fixes.map(\.heading) == [10.0, nil])
        feed(["HEHDT,20.0,T"] + epoch("000003"))
        #expect(fixes.count == 3)
        #expect(fixes.last?.heading == 20.0, "sent after the second epoch's ender, it joins the third")
        #expect(bursts.stream.assembly.epochs == 3)
    }
}
