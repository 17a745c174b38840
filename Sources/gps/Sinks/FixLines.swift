import Foundation
import GPSReader

/// Every valid fix of every epoch as one `FixLine` on standard output, in order: the lossless
/// text output (`gps replay` into a pipe). Paced, each line is flushed as it is printed, so a
/// pipe sees it at once; as fast as possible, lines go out in buffered blocks.
final class FixLines: ReceiverSink {
    private let flushesEachLine: Bool

    init(flushesEachLine: Bool) {
        self.flushesEachLine = flushesEachLine
    }

    func receive(_ event: ReceiverEvent) {
        guard case .epoch(let epoch) = event, let fix = epoch.location, fix.isValidFix else { return }
        print(FixLine(fix).description)
        if flushesEachLine { fflush(nil) }
    }

    func finish() {
        fflush(nil)
    }
}
