/// How the receiver obtained a fix: the quality indicator of the NMEA GGA sentence (0–8).
///
/// A struct over the indicator rather than a closed enum, so a value this module does not name
/// (some receivers send 9 for SBAS) round-trips instead of being lost.
public struct FixQuality: RawRepresentable, Hashable, Sendable {
    /// The indicator as sent, 0–8 in the standard.
    public var rawValue: UInt8

    /// Wraps an indicator; any value is accepted.
    ///
    /// - Parameter rawValue: The digit from GGA field 6.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: no fix; the position fields, if any, are not a position.
    @inlinable public static var invalid: FixQuality { FixQuality(rawValue: 0) }
    /// 1: autonomous GPS (GNSS) fix.
    @inlinable public static var gps: FixQuality { FixQuality(rawValue: 1) }
    /// 2: differential fix (SBAS or a DGPS station).
    @inlinable public static var differential: FixQuality { FixQuality(rawValue: 2) }
    /// 3: precise positioning service (PPS, military) fix.
    @inlinable public static var pps: FixQuality { FixQuality(rawValue: 3) }
    /// 4: real-time kinematic fix with integer ambiguities resolved (centimetres).
    @inlinable public static var rtkFixed: FixQuality { FixQuality(rawValue: 4) }
    /// 5: real-time kinematic fix with float ambiguities (decimetres).
    @inlinable public static var rtkFloat: FixQuality { FixQuality(rawValue: 5) }
    /// 6: estimated position by dead reckoning.
    @inlinable public static var deadReckoning: FixQuality { FixQuality(rawValue: 6) }
    /// 7: position entered by hand.
    @inlinable public static var manualInput: FixQuality { FixQuality(rawValue: 7) }
    /// 8: position from the receiver's simulator; never a real position.
    @inlinable public static var simulated: FixQuality { FixQuality(rawValue: 8) }

    /// Whether the receiver claims a position of any kind (every value but `invalid`),
    /// simulated and manual ones included.
    @inlinable public var hasPosition: Bool { self != .invalid }

    /// Whether the position is not from the sky: entered by hand (7) or from the receiver's
    /// simulator (8).
    @inlinable public var isSimulatedOrManual: Bool { self == .manualInput || self == .simulated }

    /// Whether the receiver reports a position computed from real signals: neither `invalid`,
    /// `manualInput` nor `simulated`. Unknown values count as fixes.
    @inlinable public var hasFix: Bool { hasPosition && !isSimulatedOrManual }
}

extension FixQuality: CustomStringConvertible {
    /// The indicator's name ("GPS", "RTK fixed"), or "quality N" when this module does not name it.
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
