/// How fast a capture is played.
public enum ReplayPace: Hashable, Sendable {
    /// Every fix at once, as fast as it is decoded.
    case asFastAsPossible
    /// As the receiver sent it: fixes are as far apart as their UTC times, divided by
    /// `speedup` (1 is real time, 10 ten times faster). Gaps over 10 s (a second capture
    /// appended, a clock jump) are skipped.
    case realTime(speedup: Double)
    /// This many lines (sentences) per second.
    case linesPerSecond(Double)
}
