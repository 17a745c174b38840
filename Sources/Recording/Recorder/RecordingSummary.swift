/// What a recording holds so far.
public struct RecordingSummary: Hashable, Sendable {
    /// The files written, in order (`FILE`, then `FILE.1`... when rotating).
    public var pieces: [String]
    /// Whole lines received and written, the header's aside (with those a write that then
    /// failed got into the file).
    public var lines = 0
    /// Of those, lines that do not begin as NMEA does (`$` or `!`), kept as received.
    public var otherLines = 0
    /// Bytes received and written, the header's aside.
    public var bytes = 0
    /// Bytes that ended no line (held at the end, cut off by an unplug, or over
    /// `NMERecorder.longestLine` without a newline), dropped.
    public var droppedBytes = 0
    /// Whether the file was removed at the end: the recording created it, and the device
    /// never opened, so nothing was written into it.
    public var isDiscarded = false

    /// A summary of a recording into `pieces`.
    public init(pieces: [String]) {
        self.pieces = pieces
    }
}
