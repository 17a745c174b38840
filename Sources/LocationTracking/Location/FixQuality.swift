/// How the receiver obtained a fix: the quality indicator of the NMEA GGA sentence (0–8).
///
/// A struct over the raw indicator rather than a closed enum, so a value this module does not
/// name (some receivers send 9 for SBAS) round-trips instead of being lost.
public struct FixQuality: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The GGA quality indicator digit.
    public var rawValue: UInt8

    /// Wraps a GGA quality indicator digit; any value is accepted.
    ///
    /// - Parameter rawValue: The digit from GGA field 6.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// 0: no fix; the position fields are not a position.
    public static let invalid = FixQuality(rawValue: 0)
    /// 1: autonomous GPS (GNSS) fix.
    public static let gps = FixQuality(rawValue: 1)
    /// 2: differential GPS fix (SBAS or a DGPS station).
    public static let differential = FixQuality(rawValue: 2)
    /// 3: precise positioning service (PPS, military) fix.
    public static let pps = FixQuality(rawValue: 3)
    /// 4: real-time kinematic fix with integer ambiguities resolved.
    public static let rtkFixed = FixQuality(rawValue: 4)
    /// 5: real-time kinematic fix with float ambiguities.
    public static let rtkFloat = FixQuality(rawValue: 5)
    /// 6: estimated position by dead reckoning.
    public static let deadReckoning = FixQuality(rawValue: 6)
    /// 7: position entered by hand.
    public static let manualInput = FixQuality(rawValue: 7)
    /// 8: position from a simulator.
    public static let simulated = FixQuality(rawValue: 8)

    /// Whether the receiver claims a position of any kind (every value but `invalid`),
    /// simulated and manual ones included.
    public var hasPosition: Bool { self != .invalid }

    /// Whether the position is not from the sky: entered by hand (7) or from the receiver's
    /// simulator (8). `Location.isValidFix` rejects these.
    public var isSimulatedOrManual: Bool { self == .manualInput || self == .simulated }

    /// Whether the receiver reports a position computed from real signals: neither
    /// `invalid`, `manualInput` nor `simulated`. Unknown values count as fixes.
    public var hasFix: Bool { hasPosition && !isSimulatedOrManual }

    /// The indicator's name, or its digit when this module does not name it.
    public var description: String {
        switch self {
        case .invalid: "invalid"
        case .gps: "GPS"
        case .differential: "DGPS"
        case .pps: "PPS"
        case .rtkFixed: "RTK fixed"
        case .rtkFloat: "RTK float"
        case .deadReckoning: "dead reckoning"
        case .manualInput: "manual input"
        case .simulated: "simulated"
        default: "quality \(rawValue)"
        }
    }
}
