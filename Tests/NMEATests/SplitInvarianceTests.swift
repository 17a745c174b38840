import Testing
import NMEA

/// Any byte sequence gives the same sentences and rejections however it is
/// split into chunks: generated streams of whole, broken and interleaved
/// sentences, line ends, comments, `$` bytes and binary noise.
@Suite struct SplitInvarianceTests {
    static let pieces: [[UInt8]] = [
        checksummed("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        checksummed("GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,12,13,06,292,00"),
        checksummed("GNRMC,,V,,,,,,,,,,N,V"),
        "$GPGGA,bad*00", "$GPRMC,225446,A", "$$", "$", "!AIVDM,1,1,,A,13aG,0*", "*47", "# comment",
        "\r\n", "\n", "\r", ",", "GPGGA", "\u{7F}",
        checksummed("GPTXT," + String(repeating: "x", count: 300)),
    ].map { Array($0.utf8) }

    @Test func anyByteSequenceFramesTheSameInAnyChunks() {
        var random = SplitMix64(seed: 10)
        for _ in 0..<400 {
            var stream: [UInt8] = []
            for _ in 0..<Int(random.next() % 40) {
                if random.next() % 6 == 0 {
                    stream += (0..<Int(random.next() % 12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                } else {
                    stream += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
                }
            }
            let whole = frameLines(stream)
            let sizes = (0..<8).map { _ in 1 + Int(random.next() % 97) }
            #expect(frameLines(stream, chunkSizes: sizes) == whole, "chunk sizes \(sizes) of \(stream)")
            #expect(frameLines(stream, chunkSizes: [1]) == whole, "one byte at a time: \(stream)")
        }
    }
}
