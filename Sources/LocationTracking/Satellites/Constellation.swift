/// A global navigation satellite system, as gpsd numbers them (its `gnssid`).
///
/// A struct over the number rather than a closed enum, so a system this module does not name
/// round-trips instead of being lost.
public struct Constellation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// gpsd's GNSS number: 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS, 6 GLONASS, 7 NavIC.
    public var rawValue: UInt8

    /// Wraps a gpsd GNSS number; any value is accepted.
    ///
    /// - Parameter rawValue: The number, as gpsd's `gnssid`.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The United States' GPS.
    public static let gps = Constellation(rawValue: 0)
    /// Satellite-based augmentation (WAAS, EGNOS, MSAS, GAGAN).
    public static let sbas = Constellation(rawValue: 1)
    /// The European Union's Galileo.
    public static let galileo = Constellation(rawValue: 2)
    /// China's BeiDou.
    public static let beidou = Constellation(rawValue: 3)
    /// Japan's QZSS.
    public static let qzss = Constellation(rawValue: 5)
    /// Russia's GLONASS.
    public static let glonass = Constellation(rawValue: 6)
    /// India's NavIC (IRNSS).
    public static let navic = Constellation(rawValue: 7)

    /// The system's short name ("GPS", "GLONASS"), or its number when this module does not name it.
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
