import GPSReader
extension ReportStream {
    /// Writes gpsd's JSON for a whole capture: per epoch one TPV and one SKY line (a u-blox
    /// receiver's as `GPSDReports` describes), in order, handed to `output` in blocks of about
    /// `blockSize` bytes (the last one smaller).
    ///
    /// The bytes in memory through the pipeline's `EpochStream` and `GPSDJSONSink`, as
    /// `gps replay --rate 0 --json` writes a file: one pass, one reused buffer.
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
        withoutActuallyEscaping(output) { output in
            let sink = GPSDJSONSink(device: .some(device), flushing: .inBlocks(of: blockSize)) { bytes in
                output(bytes)
                return true
            }
            let stream = EpochStream()
            var start = 0
            while start < capture.count {
                // A block at a time, as a file is read: the JSON of a huge capture is never held whole.
                let end = min(start + blockSize, capture.count)
                stream.append(UnsafeRawBufferPointer(rebasing: capture[start..<end])) { sink.receive(.epoch($0)) }
                start = end
            }
            stream.finish { sink.receive(.epoch($0)) }
            sink.finish()
        }
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
