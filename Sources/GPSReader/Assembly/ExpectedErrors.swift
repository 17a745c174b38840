/// The errors a receiver expects of its fix, one standard deviation each in metres, as its
/// fault detection (GBS) says them; `nil` where the sentence left the field empty.
public struct ExpectedErrors: Hashable, Sendable {
    /// The expected error in latitude (north), metres.
    public var latitude: Double?
    /// The expected error in longitude (east), metres.
    public var longitude: Double?
    /// The expected error in altitude, metres.
    public var altitude: Double?

    /// Expected errors.
    public init(latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
