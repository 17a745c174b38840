import GPSReader

/// Every valid fix of every epoch that the filters let through as one `FixLine` on standard
/// output, and the region lines among them, in order: the lossless text output (`gps replay`
/// into a pipe). Paced, each line is written as it comes, so a pipe sees it at once; as fast as
/// possible, lines go out in blocks of about 64 KiB. When standard output's reader has gone,
/// the sink wants no more events and the run ends.
final class FixLines: ReceiverSink {
    private static let blockSize = 1 << 16
    private var filtered: FilteredLines
    private let writesEachLine: Bool
    private var block = ""
    private var isOutputOpen = true

    init(_ filtered: FilteredLines, flushesEachLine: Bool) {
        self.filtered = filtered
        writesEachLine = flushesEachLine
        block.reserveCapacity(Self.blockSize + 256)
    }

    func receive(_ event: ReceiverEvent) {
        guard case .epoch(let epoch) = event, let fix = epoch.location, fix.isValidFix else { return }
        filtered.lines(for: fix) { line in
            block += line
            block += "\n"
        }
        if writesEachLine || block.utf8.count >= Self.blockSize { write() }
    }

    func finish() {
        write()
    }

    var wantsMoreEvents: Bool { isOutputOpen }

    private func write() {
        guard !block.isEmpty else { return }
        if isOutputOpen {
            var bytes = block
            isOutputOpen = bytes.withUTF8 { StandardOutput.write(UnsafeRawBufferPointer($0)) }
        }
        block.removeAll(keepingCapacity: true)
    }
}
