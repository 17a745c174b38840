import GPSReader
import NMEA

/// Frames the input (in chunks it chooses, as `FramerTarget` does), feeds every sentence to a
/// `FixAssembler`, and traps on a report that breaks what `EpochReport` promises.
enum AssemblerTarget {
    static func run(_ input: UnsafeRawBufferPointer) {
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        let chunkLength = FramerTarget.chunkLength(in: input)
        let consume = { (result: Result<NMEASentence, NMEAError>) in
            if case .success(let sentence) = result { assembler.consume(sentence, check) }
        }
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunkLength(start))
            framer.append(UnsafeRawBufferPointer(rebasing: input[start..<end]), consume)
            start = end
        }
        framer.finish(consume)
        assembler.finish(check)
    }

    private static func check(_ report: EpochReport) {
        if let coordinate = report.location?.coordinate {
            precondition((-90...90).contains(coordinate.latitude), "latitude out of range")
            precondition((-180...180).contains(coordinate.longitude), "longitude out of range")
        }
        if let view = report.satellites {
            precondition(view.usedCount <= view.inViewCount, "more satellites used than in view")
        }
    }
}
