/// The receiver's bytes among what a watch of relayed NMEA brings: everything but gpsd's own
/// JSON lines (`VERSION`, `DEVICES`, `WATCH`, `ERROR`…, the lines that start with `{`), however
/// the lines are split across reads.
///
/// So a recorder of a gpsd source keeps what a receiver sends, which gpsd's `gpsfake` and `gps
/// replay` play back, and not gpsd's answers to the watch.
struct RelayedNMEA {
    private var isAtLineStart = true
    private var isInObject = false

    /// The bytes of `chunk` that are not in a line of gpsd's JSON, in order; empty when all are.
    mutating func bytes(of chunk: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(chunk.count)
        for byte in chunk {
            if isAtLineStart { isInObject = byte == UInt8(ascii: "{") }
            if !isInObject { kept.append(byte) }
            isAtLineStart = byte == UInt8(ascii: "\n")
        }
        return kept
    }
}
