/// How far the receiver has got with a signal (`qualityInd` of NAV-SAT and NAV-SIG, `quality`
/// of NAV-SVINFO), 0 to 7: each step includes the ones before it.
///
/// A struct over the number rather than a closed enum: 5, 6 and 7 all mean code and carrier
/// locked and time synchronised, and a value this module does not name round-trips.
public struct UBXSignalQuality: RawRepresentable, Hashable, Comparable, Sendable {
    /// The indicator, 0–7 as sent (3 bits).
    public var rawValue: UInt8

    /// Wraps an indicator; any value is accepted.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: no signal.
    @inlinable public static var noSignal: UBXSignalQuality { UBXSignalQuality(rawValue: 0) }
    /// 1: searching for the signal.
    @inlinable public static var searching: UBXSignalQuality { UBXSignalQuality(rawValue: 1) }
    /// 2: signal acquired.
    @inlinable public static var acquired: UBXSignalQuality { UBXSignalQuality(rawValue: 2) }
    /// 3: signal detected but unusable.
    @inlinable public static var unusable: UBXSignalQuality { UBXSignalQuality(rawValue: 3) }
    /// 4: code locked and time synchronised.
    @inlinable public static var codeLocked: UBXSignalQuality { UBXSignalQuality(rawValue: 4) }
    /// 5 (and 6, 7): code and carrier locked and time synchronised.
    @inlinable public static var carrierLocked: UBXSignalQuality { UBXSignalQuality(rawValue: 5) }

    /// Whether the code is locked (4 or more): the signal can give a pseudorange.
    @inlinable public var isCodeLocked: Bool { rawValue >= 4 }
    /// Whether the carrier is locked too (5 or more): the signal can give carrier phase.
    @inlinable public var isCarrierLocked: Bool { rawValue >= 5 }

    /// Orders by the indicator: a later stage is greater.
    @inlinable
    public static func < (lhs: UBXSignalQuality, rhs: UBXSignalQuality) -> Bool { lhs.rawValue < rhs.rawValue }
}
