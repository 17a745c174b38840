/// The dimension of a fix: the mode digit of the NMEA GSA sentence, as gpsd's TPV `mode`
/// reports it (1 no fix, 2 a 2D fix, 3 a 3D fix).
///
/// A struct over the digit rather than a closed enum, so a value the standard does not define
/// round-trips as it was sent.
public struct FixMode: RawRepresentable, Hashable, Sendable {
    /// The digit as sent, 1–3 in the standard.
    public var rawValue: UInt8

    /// Wraps a digit; any value is accepted.
    ///
    /// - Parameter rawValue: The digit from GSA field 2.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 1: no fix.
    @inlinable public static var noFix: FixMode { FixMode(rawValue: 1) }
    /// 2: a 2D fix: latitude and longitude, altitude not solved.
    @inlinable public static var twoDimensional: FixMode { FixMode(rawValue: 2) }
    /// 3: a 3D fix: latitude, longitude and altitude.
    @inlinable public static var threeDimensional: FixMode { FixMode(rawValue: 3) }

    /// Whether the digit is one the standard defines, 1–3.
    @inlinable public var isDefined: Bool { (1...3).contains(rawValue) }
}

extension FixMode: CustomStringConvertible {
    /// "no fix", "2D" or "3D", or "mode N" for a digit the standard does not define.
    public var description: String {
        switch self {
        case .noFix: "no fix"
        case .twoDimensional: "2D"
        case .threeDimensional: "3D"
        default: "mode \(rawValue)"
        }
    }
}
