/// Where the orbit the receiver uses for a satellite comes from (NAV-SAT's `orbitSource`, 3
/// bits).
///
/// A struct over the number rather than a closed enum: 5, 6 and 7 all mean other orbit
/// information, and a value this module does not name round-trips.
public struct UBXOrbitSource: RawRepresentable, Hashable, Sendable {
    /// The source, 0–7 as sent.
    public var rawValue: UInt8

    /// Wraps a source; any value is accepted.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0: no orbit information.
    @inlinable public static var unavailable: UBXOrbitSource { UBXOrbitSource(rawValue: 0) }
    /// 1: the broadcast ephemeris.
    @inlinable public static var ephemeris: UBXOrbitSource { UBXOrbitSource(rawValue: 1) }
    /// 2: the broadcast almanac.
    @inlinable public static var almanac: UBXOrbitSource { UBXOrbitSource(rawValue: 2) }
    /// 3: AssistNow Offline.
    @inlinable public static var assistNowOffline: UBXOrbitSource { UBXOrbitSource(rawValue: 3) }
    /// 4: AssistNow Autonomous.
    @inlinable public static var assistNowAutonomous: UBXOrbitSource { UBXOrbitSource(rawValue: 4) }
    /// 5 (and 6, 7): other orbit information.
    @inlinable public static var other: UBXOrbitSource { UBXOrbitSource(rawValue: 5) }
}
