import Testing
import UBX

/// The example of docs/UBX.md, compiled and run (with `print` swapped for recording).
@Suite struct DocsExampleTests {
    @Test func theDocsExampleWorks() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let sky = NAVSATTests.payload([(0, 12, 44, 67, 294, -13, 0x191F), (6, 7, 31, -5, 12, 250, 0x0214)]).bytes
        for frame in [UBXFrame.encode(.navPVT, payload: NAVPVTTests.payload()), UBXFrame.encode(.navSAT, payload: sky)] {
            try frame.withUnsafeBytes { frame in
                if let message = UBXMessage(frame: frame) {           // nil unless the length and checksum hold
                    switch message.id {
                    case .navPVT:
                        let pvt = try NAVPVT(message)
                        if pvt.gnssFixOK { print(pvt.latitude, pvt.longitude, pvt.heightAboveMeanSeaLevel) }  // °, °, m
                    case .navSAT:
                        for satellite in try NAVSAT(message) where satellite.isUsed {  // a view: use it inside this call
                            print(satellite.satellite.gpsdPRN, satellite.carrierToNoise)  // gpsd's PRN, dBHz
                        }
                    default:
                        break
                    }
                }
            }
        }
        // −1220861234 / 1e7: decoders divide by their scale, so a decimal prints as the receiver sent it.
        #expect(printed == ["37.4179876 -122.0861234 40.987", "12 44"])
    }
}
