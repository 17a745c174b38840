/// A global navigation satellite system, numbered as u-blox's `gnssId` and gpsd's `gnssid`
/// number them.
///
/// A struct over the number rather than a closed enum, so a system this module does not name
/// round-trips instead of being lost. The systems are inlinable constants: they are compared for
/// every satellite of every epoch.
public struct Constellation: RawRepresentable, Hashable, Sendable {
    /// The GNSS number: 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS, 6 GLONASS, 7 NavIC.
    public var rawValue: UInt8

    /// Wraps a GNSS number; any value is accepted.
    ///
    /// - Parameter rawValue: The number, as u-blox's `gnssId` or gpsd's `gnssid`.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The United States' GPS.
    @inlinable public static var gps: Constellation { Constellation(rawValue: 0) }
    /// Satellite-based augmentation (WAAS, EGNOS, MSAS, GAGAN).
    @inlinable public static var sbas: Constellation { Constellation(rawValue: 1) }
    /// The European Union's Galileo.
    @inlinable public static var galileo: Constellation { Constellation(rawValue: 2) }
    /// China's BeiDou.
    @inlinable public static var beidou: Constellation { Constellation(rawValue: 3) }
    /// Japan's QZSS.
    @inlinable public static var qzss: Constellation { Constellation(rawValue: 5) }
    /// Russia's GLONASS.
    @inlinable public static var glonass: Constellation { Constellation(rawValue: 6) }
    /// India's NavIC (IRNSS).
    @inlinable public static var navic: Constellation { Constellation(rawValue: 7) }
}

extension Constellation: CustomStringConvertible {
    /// The system's short name ("GPS", "GLONASS"), or "GNSS N" when this module does not name it.
    public var description: String {
        switch self {
        case .gps: "GPS"
        case .sbas: "SBAS"
        case .galileo: "Galileo"
        case .beidou: "BeiDou"
        case .qzss: "QZSS"
        case .glonass: "GLONASS"
        case .navic: "NavIC"
        default: "GNSS \(rawValue)"
        }
    }
}
