/// The NMEA 2.3+ mode indicator (FAA mode) carried by RMC, GLL, VTG and GNS: one ASCII letter.
///
/// A struct over the raw byte rather than a closed enum, so a letter this module does not name
/// round-trips instead of being lost.
public struct PositioningMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The ASCII code of the indicator letter, as it appears in the sentence.
    public var rawValue: UInt8

    /// Wraps an indicator byte; any value is accepted.
    ///
    /// - Parameter rawValue: The ASCII code of the letter, e.g. `UInt8(ascii: "A")`.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `A`: autonomous fix.
    public static let autonomous = PositioningMode(rawValue: UInt8(ascii: "A"))
    /// `D`: differential fix.
    public static let differential = PositioningMode(rawValue: UInt8(ascii: "D"))
    /// `E`: estimated (dead reckoning).
    public static let estimated = PositioningMode(rawValue: UInt8(ascii: "E"))
    /// `F`: RTK float.
    public static let rtkFloat = PositioningMode(rawValue: UInt8(ascii: "F"))
    /// `M`: manual input.
    public static let manualInput = PositioningMode(rawValue: UInt8(ascii: "M"))
    /// `N`: data not valid; no fix.
    public static let notValid = PositioningMode(rawValue: UInt8(ascii: "N"))
    /// `P`: precise.
    public static let precise = PositioningMode(rawValue: UInt8(ascii: "P"))
    /// `R`: RTK fixed.
    public static let rtkFixed = PositioningMode(rawValue: UInt8(ascii: "R"))
    /// `S`: simulator.
    public static let simulated = PositioningMode(rawValue: UInt8(ascii: "S"))

    /// Whether the indicator claims a position of any kind (every value but `notValid`),
    /// simulated and manual ones included.
    public var hasPosition: Bool { self != .notValid }

    /// Whether the position is not from the sky: `M` (manual input) or `S` (simulator).
    /// `Location.isValidFix` rejects these.
    public var isSimulatedOrManual: Bool { self == .manualInput || self == .simulated }

    /// Whether the indicator says the position was computed from real signals: neither
    /// `notValid`, `manualInput` nor `simulated`. Unknown letters count as fixes.
    public var hasFix: Bool { hasPosition && !isSimulatedOrManual }

    /// The indicator letter as it appears in the sentence.
    public var description: String { String(UnicodeScalar(rawValue)) }
}
