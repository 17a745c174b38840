import Foundation
import GNSS
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

    @Test("a line that never goes quiet stamps only its burst's first epoch: the later ones began at a time not known")
    func saturatedLineStampsOnce() {
        let stream = EpochStream()
        var stamps: [SystemTime?] = []
        // Five epochs back to back, a line every 10 ms, never the 50 ms of quiet that starts a burst.
        let lines = (0..<5).flatMap { withSatellites(epoch("12000\($0)")) }.map(sentence)
        for (index, line) in lines.enumerated() {
            let arrival = SystemTime(seconds: 100, nanoseconds: index * 10_000_000)
            stream.append(Array(line.utf8), arrivalTime: arrival) { stamps.append($0.firstByteTime) }
        }
        // The line goes quiet, then the next burst is stamped again.
        let next = withSatellites(epoch("120005")).map(sentence).joined()
        stream.append(Array(next.utf8), arrivalTime: SystemTime(seconds: 101, nanoseconds: 0)) { stamps.append($0.firstByteTime) }
        stream.endEpoch { stamps.append($0.firstByteTime) }
        #expect(stamps == [SystemTime(seconds: 100, nanoseconds: 0), nil, nil, nil, nil, SystemTime(seconds: 101, nanoseconds: 0)])
    }

    @Test("a quiet-separated stream stamps every epoch with its burst's first chunk")
    func quietSeparatedStreamStampsEveryEpoch() {
        let stream = EpochStream()
        var stamps: [SystemTime?] = []
        for second in 0..<4 {
            let lines = withSatellites(epoch("12000\(second)")).map(sentence)
            feed(lines, to: stream, from: SystemTime(seconds: 100 + second, nanoseconds: 0)) { stamps.append($0.firstByteTime) }
            stream.endEpoch { stamps.append($0.firstByteTime) }
        }
        #expect(stamps == (0..<4).map { SystemTime(seconds: 100 + $0, nanoseconds: 0) })
    }

    @Test("a burst that begins with the epoch before's tail stamps neither: that epoch keeps its own stamp, the next began at a time not known",
          arguments: [0, 3])
    func burstBeginningWithATail(earlierEpochs: Int) {
        let stream = EpochStream()
        var stamps: [SystemTime?] = []
        // Earlier epochs, one burst each, so that the assembler has learned the receiver's cycle.
        for second in 0..<earlierEpochs {
            let lines = withSatellites(epoch("11590\(second)")).map(sentence)
            feed(lines, to: stream, from: SystemTime(seconds: 90 + second, nanoseconds: 0)) { stamps.append($0.firstByteTime) }
            stream.endEpoch { stamps.append($0.firstByteTime) }
        }
        // An epoch whose last two sentences (RMC, VTG) come after a 60 ms pause, and the next
        // epoch at once after them, the line never quiet for 50 ms.
        let paused = withSatellites(epoch("120000")).map(sentence)
        let head = Array(paused.dropLast(2)), tail = Array(paused.suffix(2))
        let next = withSatellites(epoch("120001")).map(sentence)
        feed(head, to: stream, from: SystemTime(seconds: 100, nanoseconds: 0)) { stamps.append($0.firstByteTime) }
        let resumed = SystemTime(seconds: 100, nanoseconds: (head.count - 1) * 8_000_000 + 60_000_000)
        feed(tail + next, to: stream, from: resumed) { stamps.append($0.firstByteTime) }
        stream.endEpoch { stamps.append($0.firstByteTime) }
        let earlier = (0..<earlierEpochs).map { SystemTime(seconds: 90 + $0, nanoseconds: 0) }
        #expect(stamps == earlier + [SystemTime(seconds: 100, nanoseconds: 0), nil])
    }

    /// Appends `lines` one a chunk, 8 ms apart from `start`, as a receiver's burst arrives.
    private func feed(_ lines: [String], to stream: EpochStream, from start: SystemTime, epoch: (EpochReport) -> Void) {
        for (index, line) in lines.enumerated() {
            let arrival = SystemTime(seconds: start.seconds, nanoseconds: start.nanoseconds + index * 8_000_000)
            stream.append(Array(line.utf8), arrivalTime: arrival, epoch: epoch)
        }
    }
}
