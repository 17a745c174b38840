import GPSReader
import LocationTracking

/// GeoJSON (RFC 7946) as an output of the pipeline: a `FeatureCollection` with one `Feature`
/// per track segment (a new one after each loss of fix, as `TrackEpochs` says), written to
/// `output` when the segment ends.
///
/// Each segment is a `LineString` of `[longitude, latitude, height]` positions (longitude
/// first; a segment of a single fix is a `Point`). The height is metres above the WGS 84
/// ellipsoid, as RFC 7946 §4 says, `Location.ellipsoidalAltitude` (altitude plus the geoid
/// separation the receiver sent); a position whose fix had no altitude or no geoid separation
/// has no height, only `[longitude, latitude]`. Its `properties` are `segment` (0, 1...),
/// `points`, `start` and `end` (ISO 8601 UTC, when the date was known), `times`, one per
/// position (`null` where unknown), as GPS Visualizer and togeojson's `coordTimes` have them,
/// and `altitudesMSL`, one per position: metres above mean sea level as the receiver said
/// (`null` where unknown). Numbers are plain decimals; one that is not finite (JSON has no NaN
/// or Infinity) is left out as an unknown one is.
public final class GeoJSONWriter: ReceiverSink {
    private var output: ExportOutput
    private var epochs = TrackEpochs()
    private var positions: [String] = []
    private var times: [String?] = []
    private var altitudesMSL: [String?] = []
    private var segment = -1
    private var features = 0

    /// A writer to `output`.
    ///
    /// - Parameter output: Writes bytes (valid only during the call); returns false once it
    ///   cannot write any more, which ends the run.
    public init(output: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.output = ExportOutput(output)
        self.output.append("{\"type\":\"FeatureCollection\",\"features\":[")
    }

    public func receive(_ event: ReceiverEvent) {
        guard case .epoch(let report) = event else { return }
        let epoch = epochs.add(report)
        guard let fix = epoch.fix, let segment = epoch.segment else { return }
        if segment != self.segment {
            writeSegment()
            self.segment = segment
        }
        let coordinate = fix.coordinate
        positions.append(
            "[" + ExportFormatting.degrees(coordinate.longitude) + "," + ExportFormatting.degrees(coordinate.latitude)
                + (fix.ellipsoidalAltitude.flatMap(ExportFormatting.metres).map { "," + $0 } ?? "") + "]")
        times.append(fix.timestamp.map(ExportFormatting.time))
        altitudesMSL.append(fix.altitude.flatMap(ExportFormatting.number))
    }

    /// Writes the last segment, closes the collection and writes what is held.
    public func finish() {
        writeSegment()
        output.append("\n]}\n")
        output.flush()
    }

    /// Until the output closes.
    public var wantsMoreEvents: Bool { output.isOpen }

    private func writeSegment() {
        guard !positions.isEmpty else { return }
        let geometry = positions.count == 1
            ? "{\"type\":\"Point\",\"coordinates\":\(positions[0])}"
            : "{\"type\":\"LineString\",\"coordinates\":[" + positions.joined(separator: ",") + "]}"
        let quotedTimes = times.map { $0.map(ExportFormatting.json) ?? "null" }
        var properties = "\"segment\":\(segment),\"points\":\(positions.count)"
        if let start = times.first ?? nil { properties += ",\"start\":" + ExportFormatting.json(start) }
        if let end = times.last ?? nil { properties += ",\"end\":" + ExportFormatting.json(end) }
        properties += ",\"times\":[" + quotedTimes.joined(separator: ",") + "]"
        properties += ",\"altitudesMSL\":[" + altitudesMSL.map { $0 ?? "null" }.joined(separator: ",") + "]"
        output.append((features == 0 ? "\n" : ",\n") + "{\"type\":\"Feature\",\"geometry\":\(geometry),\"properties\":{\(properties)}}")
        features += 1
        positions.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        altitudesMSL.removeAll(keepingCapacity: true)
    }
}
