/// How the receiver computed the position: the NMEA 2.3 mode indicator (FAA mode) of RMC, GLL
/// and VTG, and each of GNS's mode characters; one ASCII letter.
///
/// A struct over the letter rather than a closed enum, so a letter this module does not name
/// round-trips instead of being lost.
public struct PositioningMode: RawRepresentable, Hashable, Sendable {
    /// The ASCII code of the letter, as it appears in the sentence.
    public var rawValue: UInt8

    /// Wraps a letter; any value is accepted.
    ///
    /// - Parameter rawValue: The ASCII code of the letter, such as `UInt8(ascii: "A")`.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `A`: autonomous fix.
    @inlinable public static var autonomous: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "A")) }
    /// `D`: differential fix.
    @inlinable public static var differential: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "D")) }
    /// `E`: estimated (dead reckoning).
    @inlinable public static var estimated: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "E")) }
    /// `F`: RTK float.
    @inlinable public static var rtkFloat: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "F")) }
    /// `M`: manual input.
    @inlinable public static var manualInput: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "M")) }
    /// `N`: data not valid; no fix.
    @inlinable public static var notValid: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "N")) }
    /// `P`: precise.
    @inlinable public static var precise: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "P")) }
    /// `R`: RTK fixed.
    @inlinable public static var rtkFixed: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "R")) }
    /// `S`: simulator.
    @inlinable public static var simulated: PositioningMode { PositioningMode(rawValue: UInt8(ascii: "S")) }

    /// Whether the letter claims a position of any kind (every letter but `N`), simulated and
    /// manual ones included.
    @inlinable public var hasPosition: Bool { self != .notValid }

    /// Whether the position is not from the sky: `M` (manual input) or `S` (simulator).
    @inlinable public var isSimulatedOrManual: Bool { self == .manualInput || self == .simulated }

    /// Whether the letter says the position was computed from real signals: neither `N` (not
    /// valid), `M` (manual input) nor `S` (simulator). Unknown letters count as fixes.
    @inlinable public var hasFix: Bool { hasPosition && !isSimulatedOrManual }
}

extension PositioningMode: CustomStringConvertible {
    /// The letter as it appears in the sentence.
    public var description: String { String(UnicodeScalar(rawValue)) }
}
