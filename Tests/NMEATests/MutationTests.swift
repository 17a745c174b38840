import Testing
import NMEA

/// Damaged sentences, with their checksums made valid again so that they reach the decoders:
/// every one either decodes or is rejected with a typed error, and none crashes.
@Suite struct MutationTests {
    static let originals = [
        "GPGGA,123519.00,4807.03812,N,01131.00045,E,1,08,0.9,545.4,M,46.9,M,,",
        "GNGGA,000000,0000.0000,S,00000.0000,W,4,12,0.5,-12.3,M,-0.5,M,1.5,0123",
        "GPRMC,225446.33,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E,A,V",
        "GNRMC,,V,,,,,,,,,,N,V",
        "GNGSA,A,3,13,12,22,19,08,21,,,,,,,1.05,0.64,0.83,4",
        "GLGSV,3,2,10,75,37,057,,76,78,303,18,77,27,253,21,84,19,018,,B",
        "GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A",
        "GNGLL,5327.04319,S,00214.41396,E,223232.00,A,A",
        "GNGNS,103607.00,5327.03942,N,00214.42462,W,AANN,06,5.88,56.0,48.5,,,V",
        "GPZDA,160012.71,11,03,2004,-1,00",
        "GPGST,024603.00,3.2,6.6,4.7,47.3,5.8,5.6,22.0",
    ]

    /// A small deterministic generator, so a failure names a reproducible case.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z &>> 31)
        }
    }

    @Test func damagedFieldsAreDecodedOrRejectedNeverCrash() {
        var random = Generator(state: 2026)
        let alphabet = Array("0123456789.,-+NSEWAVMxX* $\r\n".utf8) + [0x00, 0xFF]
        var decoded = 0, rejected = 0
        for iteration in 0..<40_000 {
            var body = Array(Self.originals[iteration % Self.originals.count].utf8)
            for _ in 0...Int.random(in: 0...3, using: &random) {
                let position = Int.random(in: 0..<body.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: body[position] = alphabet.randomElement(using: &random)!
                case 1: body.remove(at: position)
                default: body.insert(alphabet.randomElement(using: &random)!, at: position)
                }
                if body.isEmpty { body = [UInt8(ascii: "G")] }
            }
            let text = checksummed(String(decoding: body, as: UTF8.self))
            var framer = NMEAFramer(configuration: .init(acceptsMissingChecksum: true))
            let handle = { (result: Result<NMEASentence, NMEAError>) in
                guard case let .success(sentence) = result else { rejected += 1; return }
                do throws(NMEAError) {
                    _ = try DecodedSentence(sentence)
                    decoded += 1
                } catch {
                    rejected += 1
                }
            }
            framer.append(Array(text.utf8), handle)
            framer.finish(handle)
        }
        #expect(decoded > 1_000)
        #expect(rejected > 1_000)
    }
}
