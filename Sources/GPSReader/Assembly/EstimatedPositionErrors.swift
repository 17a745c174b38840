/// The errors a receiver estimates for its position, in metres, as Garmin's PGRME says them
/// (at 50 % confidence, as gpsd reads them); `nil` where the sentence left the field empty.
public struct EstimatedPositionErrors: Hashable, Sendable {
    /// The estimated horizontal error, metres.
    public var horizontal: Double?
    /// The estimated vertical error, metres.
    public var vertical: Double?
    /// The estimated spherical (three-dimensional) error, metres.
    public var spherical: Double?

    /// Estimated errors.
    public init(horizontal: Double? = nil, vertical: Double? = nil, spherical: Double? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.spherical = spherical
    }
}
