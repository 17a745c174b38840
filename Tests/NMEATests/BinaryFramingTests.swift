import Foundation
import NMEA
import Testing
import TestSupport

/// The framer on a stream of NMEA, UBX and RTCM 3 interleaved, as u-blox receivers send it.
@Suite("Binary frames between sentences")
struct BinaryFramingTests {
    static let gga = checksummed("GPGGA,123519.00,4807.03812,N,01131.00045,E,1,08,0.9,545.4,M,46.9,M,,") + "\r\n"
    static let rmc = checksummed("GNRMC,123519.00,A,4807.03812,N,01131.00045,E,0.146,54.7,230394,3.1,W,A,V") + "\r\n"
    static let navPVT = BinaryFrames.ubx(0x01, 0x07, (0..<92).map { UInt8($0) })
    static let ackACK = BinaryFrames.ubx(0x05, 0x01, [0x06, 0x8A])
    static let rtcm1005 = BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1005, length: 19))
    static let rtcm1077 = BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1077, length: 300))

    /// Everything the framer reports, in order: `GGA`, `ubx 01-07 92`, `rtcm3 1005`, `rejected …`.
    static func frames(of input: [UInt8], chunks: [Int] = []) -> (names: [String], statistics: NMEAFramer.Statistics) {
        var framer = NMEAFramer()
        var names: [String] = []
        func sentences(_ result: Result<NMEASentence, NMEAError>) {
            switch result {
            case .success(let sentence): names.append(String(sentence.text.dropFirst(3).prefix(3)))
            case .failure(let error): names.append("rejected \(error)")
            }
        }
        func binary(_ frame: BinaryFrame) {
            switch frame.frameProtocol {
            case .ubx: names.append(String(format: "ubx %02X-%02X %d", frame.ubxClass!, frame.ubxID!, frame.payload.count))
            case .rtcm3: names.append("rtcm3 \(frame.rtcm3MessageNumber!)")
            }
        }
        var offset = 0
        var index = 0
        while offset < input.count {
            let size = chunks.isEmpty ? input.count : min(chunks[index % chunks.count], input.count - offset)
            input[offset..<offset + size].withUnsafeBytes { framer.append($0, sentences: sentences, binary: binary) }
            offset += size
            index += 1
        }
        framer.finish(sentences: sentences, binary: binary)
        return (names, framer.statistics)
    }

    static let mixed: [UInt8] = Array(gga.utf8) + navPVT + rtcm1005 + Array(rmc.utf8) + ackACK + rtcm1077 + navPVT + Array(gga.utf8)
    static let mixedNames = ["GGA", "ubx 01-07 92", "rtcm3 1005", "RMC", "ubx 05-01 2", "rtcm3 1077", "ubx 01-07 92", "GGA"]

    @Test("sentences, UBX and RTCM 3 frames interleaved in any order come out in order, each checked")
    func interleaved() {
        let (names, statistics) = Self.frames(of: Self.mixed)
        #expect(names == Self.mixedNames)
        #expect(statistics.sentences == 3 && statistics.ubxFrames == 3 && statistics.rtcm3Frames == 2)
        #expect(statistics.garbageRuns == 0 && statistics.garbageBytes == 0)
    }

    @Test("a stream split in two at every byte, or read a byte at a time, gives the same frames and counts")
    func splitAtEveryByte() {
        let whole = Self.frames(of: Self.mixed)
        for cut in 1..<Self.mixed.count {
            let split = Self.frames(of: Self.mixed, chunks: [cut, Self.mixed.count])
            #expect(split.names == whole.names, "cut at \(cut)")
            #expect(split.statistics == whole.statistics, "cut at \(cut)")
        }
        let bytewise = Self.frames(of: Self.mixed, chunks: [1])
        #expect(bytewise.names == whole.names && bytewise.statistics == whole.statistics)
    }

    @Test("a UBX length field of 65,535 in garbage is not a frame: the sentence and frame right after it come out")
    func hugeLengthInGarbage() {
        let input: [UInt8] = [0x00, 0x17, 0xB5, 0x62, 0x01, 0x07, 0xFF, 0xFF, 0x42] + Array(Self.gga.utf8) + Self.ackACK
        let (names, statistics) = Self.frames(of: input)
        #expect(names == ["GGA", "ubx 05-01 2"])
        #expect(statistics.garbageRuns == 1 && statistics.garbageBytes == 9)
    }

    @Test("a $ and line ends inside a UBX payload are the frame's bytes, never a sentence")
    func dollarInsidePayload() {
        let payload = Array(("\r\n" + Self.gga + Self.rmc).utf8)
        let input = Array(Self.rmc.utf8) + BinaryFrames.ubx(0x02, 0x13, payload) + Array(Self.gga.utf8)
        let (names, statistics) = Self.frames(of: input, chunks: [5])
        #expect(names == ["RMC", "ubx 02-13 \(payload.count)", "GGA"])
        #expect(statistics.sentences == 2 && statistics.rejectedSentences == 0)
    }

    @Test("an RTCM 3 frame with a bad CRC between two good ones costs itself only, and is counted")
    func badCRCBetweenGoodFrames() {
        var bad = Self.rtcm1077
        bad[100] ^= 0x01
        let input = Self.rtcm1005 + bad + Self.rtcm1005 + Array(Self.gga.utf8)
        for chunks in [[], [1], [64]] {
            let (names, statistics) = Self.frames(of: input, chunks: chunks)
            // The bad frame's bytes are framed again: a `$` among them is a rejected line, no more.
            #expect(names.filter { !$0.hasPrefix("rejected") } == ["rtcm3 1005", "rtcm3 1005", "GGA"], "chunks \(chunks)")
            #expect(statistics.rtcm3Frames == 2 && statistics.rtcm3ChecksumFailures == 1)
        }
    }

    @Test("a false UBX header whose length covers what follows: after its checksum fails, the sentence and frame inside come out")
    func falseHeaderOverGoodFrames() {
        // B5 62 with a length of 100: the bytes after it are a sentence and a UBX frame, both whole.
        let input: [UInt8] = [0xB5, 0x62, 0x0A, 0x04, 100, 0x00] + Array(Self.gga.utf8) + Self.navPVT + Array(Self.rmc.utf8)
        for chunks in [[], [1], [3], [50]] {
            let (names, statistics) = Self.frames(of: input, chunks: chunks)
            #expect(names == ["GGA", "ubx 01-07 92", "RMC"], "chunks \(chunks)")
            #expect(statistics.ubxChecksumFailures == 1 && statistics.ubxFrames == 1, "chunks \(chunks)")
        }
    }

    @Test("a frame cut off by the end of the stream is not a frame: the sentence inside its claimed length still comes out")
    func frameCutOffAtTheEnd() {
        let input: [UInt8] = Self.ackACK + [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00] + Array(Self.gga.utf8)
        #expect(Self.frames(of: input).names == ["ubx 05-01 2", "GGA"])
        #expect(Self.frames(of: input, chunks: [2]).names == ["ubx 05-01 2", "GGA"])
    }

    @Test("the sentences-only API frames the same stream: binary frames are counted, never read as sentences")
    func sentencesOnly() {
        var framer = NMEAFramer()
        var count = 0
        Self.mixed.withUnsafeBytes { bytes in
            framer.append(bytes) { if case .success = $0 { count += 1 } }
        }
        #expect(count == 3 && framer.statistics.ubxFrames == 3 && framer.statistics.rtcm3Frames == 2)
    }

    @Test("gpsd's u-blox logs: every checksum-valid UBX frame its MANIFEST counts, none failing, whatever the chunks")
    func ubxCorpus() throws {
        guard let folder = SharedMaterial.ubxLogs, FileManager.default.fileExists(atPath: folder.path) else {
            print(SharedMaterial.missingMessage)
            return
        }
        let manifest = try String(contentsOf: folder.appendingPathComponent("MANIFEST.md"), encoding: .utf8)
        var checked = 0
        for row in manifest.split(separator: "\n") where row.hasPrefix("| ") && row.contains(".log |") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let (name, frames, lines) = (cells[0], try #require(Int(cells[1])), try #require(Int(cells[2])))
            let log = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            for chunks in [[], [7, 300, 1]] {
                let (_, statistics) = Self.frames(of: log, chunks: chunks)
                #expect(statistics.ubxFrames == frames, "\(name), chunks \(chunks)")
                #expect(statistics.sentences == lines, "\(name), chunks \(chunks)")
            }
            checked += 1
        }
        #expect(checked == 14)
    }
}
