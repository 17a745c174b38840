extension ReportStream {
    /// Writes gpsd's JSON for a whole capture: per epoch one TPV and one SKY line, in order,
    /// handed to `output` in blocks of about `blockSize` bytes (the last one smaller).
    ///
    /// This is `gps replay --rate 0 --json`: one pass over the bytes, no task or thread hop per
    /// fix, one reused buffer, so it runs at nearly the parser's speed.
    ///
    /// - Parameters:
    ///   - capture: NMEA bytes, such as a whole log file.
    ///   - device: The `"device"` of every report; `nil` leaves it out.
    ///   - blockSize: How much JSON to gather before calling `output`.
    ///   - output: Receives each block; the bytes are valid only during the call.
    public static func writeJSON(
        for capture: UnsafeRawBufferPointer, device: String?, blockSize: Int = 1 << 16,
        to output: (UnsafeRawBufferPointer) -> Void
    ) {
        var stream = ReportStream(device: device)
        var writer = GPSDJSONWriter(capacity: blockSize + 4096)
        var start = 0
        while start < capture.count {
            // Frame a block at a time, so the JSON of a huge capture is never held whole.
            let end = min(start + blockSize, capture.count)
            stream.append(UnsafeRawBufferPointer(rebasing: capture[start..<end])) { writer.write($0) }
            if writer.count >= blockSize {
                writer.withBytes(output)
                writer.removeAll()
            }
            start = end
        }
        stream.finish { writer.write($0) }
        if writer.count > 0 { writer.withBytes(output) }
    }
}

extension GPSDJSONWriter {
    /// Writes a stream's report: its TPV or SKY line.
    public mutating func write(_ report: ReportStream.Report) {
        switch report {
        case .tpv(let tpv): write(tpv)
        case .sky(let sky): write(sky)
        }
    }
}
