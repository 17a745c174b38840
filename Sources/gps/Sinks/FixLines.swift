import Foundation
import GPSReader

/// Every valid fix of every epoch that the filters let through as one `FixLine` on standard
/// output, and the region lines among them, in order: the lossless text output (`gps replay`
/// into a pipe). Paced, each line is flushed as it is printed, so a pipe sees it at once; as
/// fast as possible, lines go out in buffered blocks.
final class FixLines: ReceiverSink {
    private var filtered: FilteredLines
    private let flushesEachLine: Bool

    init(_ filtered: FilteredLines, flushesEachLine: Bool) {
        self.filtered = filtered
        self.flushesEachLine = flushesEachLine
    }

    func receive(_ event: ReceiverEvent) {
        guard case .epoch(let epoch) = event, let fix = epoch.location, fix.isValidFix else { return }
        filtered.lines(for: fix) { print($0) }
        if flushesEachLine { fflush(nil) }
    }

    func finish() {
        fflush(nil)
    }
}
