/// The NMEA 2.3 mode indicator of RMC, GLL and VTG, and each of GNS's mode
/// characters: how the receiver computed the position.
///
/// Values the standard does not define round-trip as they were sent.
/// ``isFix`` says what `LocationTracking` decides of each: `M` and `S` are
/// not real positions, `N` is none.
public struct ModeIndicator: RawRepresentable, Hashable, Sendable {
    /// The letter as sent.
    public var rawValue: UInt8
    /// Creates a mode from the letter sent.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `A`: autonomous.
    public static let autonomous = ModeIndicator(rawValue: UInt8(ascii: "A"))
    /// `D`: differential.
    public static let differential = ModeIndicator(rawValue: UInt8(ascii: "D"))
    /// `E`: estimated (dead reckoning).
    public static let estimated = ModeIndicator(rawValue: UInt8(ascii: "E"))
    /// `F`: RTK float.
    public static let rtkFloat = ModeIndicator(rawValue: UInt8(ascii: "F"))
    /// `M`: manual input.
    public static let manualInput = ModeIndicator(rawValue: UInt8(ascii: "M"))
    /// `N`: data not valid.
    public static let notValid = ModeIndicator(rawValue: UInt8(ascii: "N"))
    /// `P`: precise.
    public static let precise = ModeIndicator(rawValue: UInt8(ascii: "P"))
    /// `R`: RTK fixed.
    public static let rtkFixed = ModeIndicator(rawValue: UInt8(ascii: "R"))
    /// `S`: simulator.
    public static let simulated = ModeIndicator(rawValue: UInt8(ascii: "S"))

    /// Whether the letter says the position was computed from real signals:
    /// neither `N` (not valid), `M` (manual input) nor `S` (simulator).
    /// Unknown letters count as fixes.
    public var isFix: Bool { self != .notValid && self != .manualInput && self != .simulated }
}
