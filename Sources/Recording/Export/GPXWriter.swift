import GNSS
import GPSReader
import LocationTracking

/// GPX 1.1 as an output of the pipeline: one track whose points are the epochs' valid fixes,
/// with a new `trkseg` after each loss of fix (`TrackEpochs`), written to `output`.
///
/// It validates against the GPX 1.1 schema: each `trkpt` has its elements in the schema's
/// order (`ele`, `time`, `magvar`, `geoidheight`, `fix`, `sat`, `hdop`, `vdop`, `pdop`), and
/// leaves out what the receiver did not say (`time` until the date is known). Numbers are plain
/// decimals (`xs:decimal` has no exponent); one that is not finite leaves its element out. The
/// name is escaped, and characters XML 1.0 cannot hold (a control character in a file name)
/// are replaced by U+FFFD. Speed and course
/// have no element in GPX 1.1 and are not written. The document is closed in `finish()`.
public final class GPXWriter: ReceiverSink {
    private var output: ExportOutput
    private var epochs = TrackEpochs()
    private let name: String?
    private var isSegmentOpen = false
    private var openSegment = -1

    /// A writer for a track named `name` (the capture's file name, say), to `output`.
    ///
    /// - Parameter output: Writes bytes (valid only during the call); returns false once it
    ///   cannot write any more, which ends the run.
    public init(name: String? = nil, output: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.name = name
        self.output = ExportOutput(output)
        self.output.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="gps (GPSReader)" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
             <trk>

            """)
        if let name { self.output.append("  <name>\(ExportFormatting.xml(name))</name>\n") }
    }

    public func receive(_ event: ReceiverEvent) {
        guard case .epoch(let report) = event else { return }
        let epoch = epochs.add(report)
        guard let fix = epoch.fix, let segment = epoch.segment else { return }
        if segment != openSegment {
            if isSegmentOpen { output.append("  </trkseg>\n") }
            output.append("  <trkseg>\n")
            isSegmentOpen = true
            openSegment = segment
        }
        output.append(Self.point(fix))
    }

    /// Closes the document and writes what is held.
    public func finish() {
        if isSegmentOpen { output.append("  </trkseg>\n") }
        isSegmentOpen = false
        output.append(" </trk>\n</gpx>\n")
        output.flush()
    }

    /// Until the output closes.
    public var wantsMoreEvents: Bool { output.isOpen }

    static func point(_ fix: Location) -> String {
        var point = "   <trkpt lat=\"\(ExportFormatting.degrees(fix.coordinate.latitude))\" "
            + "lon=\"\(ExportFormatting.degrees(fix.coordinate.longitude))\">"
        if let altitude = fix.altitude.flatMap(ExportFormatting.number) { point += "<ele>\(altitude)</ele>" }
        if let time = fix.timestamp { point += "<time>\(ExportFormatting.time(time))</time>" }
        if let variation = fix.magneticVariation,
           case let degrees = (variation.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360),
           let text = ExportFormatting.number((degrees * 1e6).rounded() / 1e6) {
            point += "<magvar>\(text)</magvar>"
        }
        if let separation = fix.geoidSeparation.flatMap(ExportFormatting.number) { point += "<geoidheight>\(separation)</geoidheight>" }
        if let kind = fixKind(fix) { point += "<fix>\(kind)</fix>" }
        if let used = fix.satellitesUsed { point += "<sat>\(used)</sat>" }
        if let hdop = fix.hdop.flatMap(ExportFormatting.number) { point += "<hdop>\(hdop)</hdop>" }
        if let vdop = fix.vdop.flatMap(ExportFormatting.number) { point += "<vdop>\(vdop)</vdop>" }
        if let pdop = fix.pdop.flatMap(ExportFormatting.number) { point += "<pdop>\(pdop)</pdop>" }
        return point + "</trkpt>\n"
    }

    /// GPX's `fixType`: `dgps` and `pps` from GGA's quality, else `2d` or `3d` from GSA.
    private static func fixKind(_ fix: Location) -> String? {
        switch fix.quality {
        case .differential?: return "dgps"
        case .pps?: return "pps"
        default: break
        }
        switch fix.mode {
        case .threeDimensional?: return "3d"
        case .twoDimensional?: return "2d"
        default: return nil
        }
    }
}
