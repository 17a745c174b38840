/// The GGA fix quality indicator.
///
/// Values the standard does not define round-trip as they were sent.
public struct FixQuality: RawRepresentable, Hashable, Sendable {
    /// The indicator as sent, 0–8 in the standard.
    public var rawValue: UInt8

    /// Creates a fix quality from the indicator sent.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: no fix; the position, if any, must not be used.
    public static let invalid = FixQuality(rawValue: 0)
    /// 1: autonomous GNSS fix.
    public static let gps = FixQuality(rawValue: 1)
    /// 2: differential fix (DGPS, SBAS).
    public static let differential = FixQuality(rawValue: 2)
    /// 3: PPS fix.
    public static let pps = FixQuality(rawValue: 3)
    /// 4: real-time kinematic, fixed integers (centimetre level).
    public static let rtkFixed = FixQuality(rawValue: 4)
    /// 5: real-time kinematic, float solution (decimetre level).
    public static let rtkFloat = FixQuality(rawValue: 5)
    /// 6: dead reckoning (estimated).
    public static let deadReckoning = FixQuality(rawValue: 6)
    /// 7: manual input.
    public static let manualInput = FixQuality(rawValue: 7)
    /// 8: simulator; never a real position.
    public static let simulated = FixQuality(rawValue: 8)

    /// Whether the receiver reports a position it computed from real
    /// signals: not invalid, manual or simulated.
    public var isFix: Bool {
        self != .invalid && self != .manualInput && self != .simulated
    }
}
