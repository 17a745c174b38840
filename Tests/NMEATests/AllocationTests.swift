import Testing
import NMEA
import TestSupport

/// Framing and decoding (every decodable type) allocate nothing per sentence
/// once a framer exists.
///
/// Malformed fields are not counted here: Swift Testing records a backtrace
/// for every error thrown while a test runs, and that allocates. `nmea-bench`
/// under valgrind covers them (docs/Performance.md, NMEA).
@Suite struct AllocationTests {
    static let epoch = [
        checksummed("GPGGA,123519.00,4807.03812,N,01131.00045,E,1,08,0.9,545.4,M,46.9,M,,"),
        checksummed("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"),
        checksummed("GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45"),
        checksummed("GNRMC,123519.00,A,4807.03812,N,01131.00045,E,0.146,54.7,230394,3.1,W,A,V"),
        checksummed("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A"),
        checksummed("GNGLL,4807.03812,N,01131.00045,E,123519.00,A,A"),
        checksummed("GNGNS,123519.00,4807.03812,N,01131.00045,E,AANN,14,0.9,545.4,46.9,,,V"),
        checksummed("GPZDA,123519.00,23,03,1994,00,00"),
        checksummed("GPGST,123519.00,3.2,6.6,4.7,47.3,5.8,5.6,22.0"),
        checksummed("GNHDT,244.28,T"),
        "# a comment",
        "$GPGGA,bad*00",
    ].joined(separator: "\r\n") + "\r\n"

    @Test(arguments: [[], [1], [7, 13, 64]])
    func framingAndDecodingAllocateNothingPerSentence(_ chunkSizes: [Int]) {
        let input = Array(String(repeating: Self.epoch, count: 200).utf8)
        var framer = NMEAFramer()
        var decoded = 0
        func run() {
            input.withUnsafeBytes { bytes in
                var offset = 0, index = 0
                while offset < bytes.count {
                    let size = chunkSizes.isEmpty ? bytes.count : min(chunkSizes[index % chunkSizes.count], bytes.count - offset)
                    framer.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + size])) { result in
                        guard case let .success(sentence) = result else { return }
                        if (try? DecodedSentence(sentence)) != nil { decoded += 1 }
                    }
                    offset += size
                    index += 1
                }
            }
        }
        run()  // warm-up: lazy runtime metadata
        let allocations = AllocationCounter.allocations { run() }
        #expect(allocations == 0)
        #expect(decoded == 2 * 200 * 10)
        #expect(framer.statistics.checksumMismatches == 400)
    }

    @Test func decodingOneSentenceFromTextAllocatesNothing() throws {
        let text = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        _ = try GGA(parsing: text)
        var latitude = 0.0
        let allocations = try AllocationCounter.allocations { () throws(NMEAError) in
            for _ in 0..<100 { latitude += try GGA(parsing: text).latitude ?? 0 }
        }
        #expect(allocations == 0)
        #expect(latitude > 0)
    }

    @Test func decodingTheProprietarySentencesAllocatesNothing() throws {
        let pgrme = checksummed("PGRME,19.9,M,50.0,M,53.8,M")
        let psti = "$PSTI,030,003832.000,A,4404.1271062,N,12118.8438377,W,1127.630,-0.00,-0.01,0.02,290322,O,1.000,1.100*32"
        let pubx = "$PUBX,00,081350.00,4717.113210,N,00833.915187,E,546.589,G3,2.1,2.0,0.007,77.52,0.007,,0.92,1.19,0.77,9,0,0*5F"
        _ = try (PGRME(parsing: pgrme), PSTI030(parsing: psti), PUBX00(parsing: pubx))
        var total = 0.0
        let allocations = try AllocationCounter.allocations { () throws(NMEAError) in
            for _ in 0..<100 {
                total += try PGRME(parsing: pgrme).verticalError ?? 0
                total += try PSTI030(parsing: psti).altitude ?? 0
                total += try PUBX00(parsing: pubx).horizontalAccuracy ?? 0
            }
        }
        #expect(allocations == 0)
        #expect(total > 0)
    }

    @Test func theCounterSeesAllocations() {
        let allocations = AllocationCounter.allocations {
            let array = Array(repeating: UInt8(1), count: Int.random(in: 100...200))
            #expect(array.count >= 100)
        }
        #expect(allocations >= 1)
    }
}
