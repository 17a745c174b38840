import Foundation
import GPSReader
import LocationTracking
import Testing
import TestSupport

/// `EpochStream`: bytes in, epochs out, whatever the chunking.
@Suite("Epoch stream")
struct EpochStreamTests {
    private static let drive = [UInt8](try! Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea")))

    private func epochs(of bytes: [UInt8], chunk size: Int) -> [EpochReport] {
        let stream = EpochStream()
        var epochs: [EpochReport] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            bytes[start..<end].withUnsafeBytes { _ = stream.append($0) { epochs.append($0) } }
            start = end
        }
        stream.finish { epochs.append($0) }
        return epochs
    }

    @Test("any chunking gives the epochs of assembling the capture whole: none dropped, none doubled",
          arguments: [1, 7, 82, 4096, 1 << 20])
    func chunkingChangesNothing(size: Int) {
        #expect(epochs(of: Self.drive, chunk: size) == assembleEpochs(Self.drive))
    }

    @Test("append counts the valid sentences it completed, and a corrupt line costs that line only")
    func countsSentences() {
        let stream = EpochStream()
        let good = sentence("GPGGA,100000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,")
        let corrupt = String(good.dropLast(4)) + "00\r\n"
        var epochs: [EpochReport] = []
        #expect(stream.append(Array((good + corrupt + good).utf8)) { epochs.append($0) } == 2)
        stream.finish { epochs.append($0) }
        #expect(epochs.count == 1)
    }

    @Test("the quiet line ends the epoch in progress now, not at the next burst")
    func quietEndsEpoch() {
        let stream = EpochStream()
        var epochs: [EpochReport] = []
        stream.append(Array(sentence("GPGGA,100000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,").utf8)) { epochs.append($0) }
        #expect(epochs.isEmpty)
        stream.endEpoch { epochs.append($0) }
        #expect(epochs.count == 1)
        #expect(epochs.first?.location?.isValidFix == true)
    }
}
