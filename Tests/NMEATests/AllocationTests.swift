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

    @Test func theCounterSeesAllocations() {
        let allocations = AllocationCounter.allocations {
            let array = Array(repeating: UInt8(1), count: Int.random(in: 100...200))
            #expect(array.count >= 100)
        }
        #expect(allocations >= 1)
    }
}
