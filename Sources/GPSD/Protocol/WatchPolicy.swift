/// What a client asked `?WATCH` for: whether reports stream to it, and in which forms.
///
/// The members are gpsd's (gpsd_json(5)); `scaled`, `timing`, `split24` and `pps` are kept
/// and echoed so clients that set them see their choice, though they change nothing here.
public struct WatchPolicy: Hashable, Sendable {
    /// Whether reports stream to the client at all.
    public var enable = false
    /// TPV and SKY reports as JSON.
    public var json = false
    /// The receiver's own NMEA sentences, passed through.
    public var nmea = false
    /// 1 or 2: the receiver's raw bytes passed through (for an NMEA receiver, its sentences).
    public var raw = 0
    /// Scaled (unit) values, for binary protocols; echoed only.
    public var scaled = false
    /// Timing fields in reports; echoed only.
    public var timing = false
    /// AIS type 24 halves apart; echoed only.
    public var split24 = false
    /// PPS reports; echoed only (no PPS source here).
    public var pps = false
    /// Only this device's reports; `nil` for every device.
    public var device: String?

    /// Nothing watched, as a new connection starts.
    public init() {}

    /// Whether the receiver's sentences go to the client.
    public var passesSentencesThrough: Bool { enable && (nmea || raw > 0) }

    /// Whether TPV and SKY reports go to the client.
    public var streamsReports: Bool { enable && json }

    /// Whether the device at `path` is one the client watches: every device, or that one. A
    /// report of no device (`nil`) goes only to clients watching every device.
    public func watches(_ path: String?) -> Bool { device == nil || device == path }
}
