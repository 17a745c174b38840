import GPSReader
import NMEA

/// Frames the input (in chunks it chooses, as `FramerTarget` does), feeds every sentence to a
/// `FixAssembler`, and traps on a report that breaks what `EpochReport` promises or that
/// reports an epoch twice.
///
/// A NUL byte in the input is a quiet line there (`FixAssembler.endEpoch(_:)`), not a byte of
/// the stream: the input chooses where the receiver falls silent, mid-sentence included.
enum AssemblerTarget {
    /// The byte that stands for a quiet line.
    static let quietLine: UInt8 = 0

    static func run(_ input: UnsafeRawBufferPointer) {
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var lastTime: UTCTime?
        let check = { (report: EpochReport) in
            precondition(report.time != lastTime, "two consecutive reports with the same time")
            lastTime = report.time
            checkValues(report)
        }
        let consume = { (result: Result<NMEASentence, NMEAError>) in
            if case .success(let sentence) = result { assembler.consume(sentence, check) }
        }
        let chunkLength = FramerTarget.chunkLength(in: input)
        var start = 0
        while start < input.count {
            if input[start] == quietLine {
                assembler.endEpoch(check)
                start += 1
                continue
            }
            var end = min(input.count, start + chunkLength(start))
            if let quiet = input[start..<end].firstIndex(of: quietLine) { end = quiet }
            framer.append(UnsafeRawBufferPointer(rebasing: input[start..<end]), consume)
            start = end
        }
        framer.finish(consume)
        assembler.finish(check)
    }

    private static func checkValues(_ report: EpochReport) {
        if let coordinate = report.location?.coordinate {
            precondition((-90...90).contains(coordinate.latitude), "latitude out of range")
            precondition((-180...180).contains(coordinate.longitude), "longitude out of range")
        }
        if let view = report.satellites {
            precondition(view.usedCount <= view.inViewCount, "more satellites used than in view")
        }
    }
}
