/// The NMEA 4.1 GNSS system ID, a hex digit at the end of GSA (and, with
/// the talker, what tells constellations apart in GSV).
///
/// Values the standard does not define round-trip as they were sent.
public struct GNSSSystem: RawRepresentable, Hashable, Sendable {
    /// The ID as sent, 0–15.
    public var rawValue: UInt8
    /// Creates a system from the ID sent.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// 1: GPS.
    public static let gps = GNSSSystem(rawValue: 1)
    /// 2: GLONASS.
    public static let glonass = GNSSSystem(rawValue: 2)
    /// 3: Galileo.
    public static let galileo = GNSSSystem(rawValue: 3)
    /// 4: BeiDou.
    public static let beidou = GNSSSystem(rawValue: 4)
    /// 5: QZSS.
    public static let qzss = GNSSSystem(rawValue: 5)
    /// 6: NavIC (IRNSS).
    public static let navic = GNSSSystem(rawValue: 6)
}
