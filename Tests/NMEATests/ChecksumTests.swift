import Testing
import NMEA

/// The checksum: XOR of the bytes between `$` and `*`, as two hex digits.
@Suite struct ChecksumTests {
    let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"

    @Test func aMismatchCarriesBothValues() {
        #expect(throws: NMEAError.checksumMismatch(transmitted: 0x48, computed: 0x47)) {
            try GGA(parsing: gga.dropLast() + "8")
        }
    }

    @Test func acceptsHexDigitsOfEitherCase() throws {
        let lower = checksummed("GPTXT,x").lowercased().replacingOccurrences(of: "$gptxt", with: "$GPTXT")
        #expect(frameLines(lower + "\n") == [.sentence(lower)])
    }

    @Test func aMissingChecksumIsRejectedByDefault() {
        #expect(frameLines("$GPGGA,123519,,,,,0,,,,,,,,\n") == [.rejected(.missingChecksum)])
    }

    @Test func aMissingChecksumCanBeAccepted() throws {
        var framer = NMEAFramer(configuration: .init(acceptsMissingChecksum: true))
        var withoutChecksum: [Bool] = []
        framer.append(Array("$GPGGA,123519,,,,,0,,,,,,,,\r\n".utf8)) {
            if case let .success(sentence) = $0 { withoutChecksum.append(!sentence.hasChecksum) }
        }
        #expect(withoutChecksum == [true])
        #expect(framer.statistics.sentencesWithoutChecksum == 1)
        let fix = try GGA(parsing: "$GPGGA,123519,,,,,0,,,,,,,,", acceptsMissingChecksum: true)
        #expect(fix.fixQuality == .invalid)
    }

    @Test(arguments: ["*4", "*4G", "*G7", "*477", "*47 "])
    func aMalformedChecksumIsRejected(_ suffix: String) {
        let line = String(gga.dropLast(3)) + suffix
        #expect(frameLines(line + "\r\n") == [.rejected(.malformedChecksum)])
    }

    @Test func everyByteIsReadAsAHexDigitOrRejected() {
        let hexDigits = Array("0123456789ABCDEFabcdef".utf8)
        for byte in UInt8.min...UInt8.max where !"\r\n$".utf8.contains(byte) {
            for (high, low) in [(byte, UInt8(ascii: "B")), (UInt8(ascii: "1"), byte)] {
                let line = Array("$GPTXT,x*".utf8) + [high, low, 0x0A]
                let expected: FramedLine
                if !hexDigits.contains(byte) {
                    expected = .rejected(.malformedChecksum)
                } else if Int(String(decoding: [high, low], as: UTF8.self), radix: 16) == 0x1B {
                    expected = .sentence(String(decoding: line.dropLast(), as: UTF8.self))
                } else {
                    let transmitted = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)!
                    expected = .rejected(.checksumMismatch(transmitted: transmitted, computed: 0x1B))
                }
                #expect(frameLines(line) == [expected], "byte \(byte)")
            }
        }
    }

    @Test func theChecksumCoversTheBytesAfterDollarUpToStar() {
        #expect(checksummed("GPTXT,x") == "$GPTXT,x*1B")
        #expect(frameLines("$GPTXT,x*1B\n") == [.sentence("$GPTXT,x*1B")])
    }
}
