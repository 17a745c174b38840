import GPSReader

/// gpsd's JSON as an output of the pipeline: per epoch one TPV and one SKY line (a u-blox
/// receiver's as `GPSDReports` describes), written to `output`.
///
/// Live and paced sources want each epoch written as it comes (`.everyEpoch`); a capture read
/// as fast as possible is written in blocks of about 64 KiB, so the JSON path runs at nearly the
/// parser's speed with one reused buffer. When `output` says it is closed (a reader of the pipe
/// went away), the sink wants no more events and the run ends.
public final class GPSDJSONSink: ReceiverSink {
    /// When the JSON written so far goes to `output`.
    public enum Flushing: Sendable {
        /// After each epoch.
        case everyEpoch
        /// Once this many bytes are held, and at the end.
        case inBlocks(of: Int)
    }

    private let fixedDevice: String??
    // Lent to the writing as variables at every epoch, unchecked for exclusive access at run
    // time (a check would cost about 100 instructions each an epoch): only `receive(_:)` and
    // `finish()` reach them, and `output` is handed bytes, not the sink.
    @exclusivity(unchecked) private var reports: GPSDReports
    @exclusivity(unchecked) private var writer: GPSDJSONWriter
    private let flushing: Flushing
    private let output: (UnsafeRawBufferPointer) -> Bool
    private var isOutputOpen = true

    /// A sink writing to `output`.
    ///
    /// - Parameters:
    ///   - device: The `"device"` of every report; by default the path the source opened
    ///     (`ReceiverEvent.opened`). `.some(nil)` leaves it out.
    ///   - flushing: When bytes go out; `.everyEpoch` by default.
    ///   - output: Writes bytes (valid only during the call); returns false once it cannot
    ///     write any more.
    public init(
        device: String?? = nil, flushing: Flushing = .everyEpoch,
        output: @escaping (UnsafeRawBufferPointer) -> Bool
    ) {
        fixedDevice = device
        reports = GPSDReports(device: device ?? nil)
        self.flushing = flushing
        self.output = output
        if case .inBlocks(let size) = flushing {
            writer = GPSDJSONWriter(capacity: size + 4096)
        } else {
            writer = GPSDJSONWriter()
        }
    }

    /// Writes each epoch's reports.
    public func receive(_ event: ReceiverEvent) {
        switch event {
        case .opened(let path, _):
            // Opened again (after an unplug, an outage): nothing carries over, as in gpsd.
            reports = GPSDReports(device: fixedDevice ?? path)
        case .epoch(let epoch):
            Self.write(epoch, &reports, into: &writer)
            switch flushing {
            case .everyEpoch: flush()
            case .inBlocks(let size): if writer.count >= size { flush() }
            }
        default:
            break
        }
    }

    /// Writes the reports of `epoch`: the reports and the writer passed in, so that the
    /// closures reach them without a run-time exclusivity check each (as properties of the
    /// class they would need one).
    private static func write(_ epoch: EpochReport, _ reports: inout GPSDReports, into writer: inout GPSDJSONWriter) {
        reports.add(epoch, tpv: { writer.write($0) }, sky: { writer.write($0) })
    }

    /// Writes what is held.
    public func finish() {
        flush()
    }

    /// Until the output closes.
    public var wantsMoreEvents: Bool { isOutputOpen }

    private func flush() {
        guard writer.count > 0 else { return }
        if isOutputOpen { isOutputOpen = writer.withBytes(output) }
        writer.removeAll()
    }
}
