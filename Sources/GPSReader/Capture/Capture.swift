/// A recorded NMEA stream, as a `CaptureReplay` (and `NMEALocationProvider`'s `.capture`
/// source) reads it.
public enum Capture: Hashable, Sendable {
    /// A capture file, read when updates start.
    case file(String)
    /// Capture bytes in memory.
    case bytes([UInt8])
}
