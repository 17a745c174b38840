import Testing
import NMEA

/// The example of docs/NMEA.md, compiled and run (with `print` swapped for recording).
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleWorks() throws {
        let chunk = Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48\r\n$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n".utf8)
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        var framer = NMEAFramer()
        framer.append(chunk) { result in           // chunk: bytes read from the receiver, any size
            switch result {
            case .success(let sentence) where sentence.type == .gga:
                if let fix = try? GGA(sentence), fix.isValidFix {
                    print(fix.latitude!, fix.longitude!, fix.altitude ?? .nan)   // degrees, degrees, metres MSL
                }
            case .success:
                break                              // other sentences: sentence.talker, .type, .fields
            case .failure(let error):
                print("rejected line:", error)     // e.g. checksum mismatch: sentence says 48, bytes XOR to 47
            }
        }

        let fix = try RMC(parsing: "$GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E*68")

        #expect(printed == ["rejected line: checksum mismatch: sentence says 48, bytes XOR to 47", "48.1173 11.516666666666667 545.4"])
        #expect(fix.isValidFix)
    }
}
