/// The NMEA 4.1 navigational status of RMC and GNS.
///
/// Values the standard does not define round-trip as they were sent.
public struct NavigationalStatus: RawRepresentable, Hashable, Sendable {
    /// The letter as sent.
    public var rawValue: UInt8
    /// Creates a navigational status from the letter sent.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `S`: safe.
    public static let safe = NavigationalStatus(rawValue: UInt8(ascii: "S"))
    /// `C`: caution.
    public static let caution = NavigationalStatus(rawValue: UInt8(ascii: "C"))
    /// `U`: unsafe.
    public static let unsafe = NavigationalStatus(rawValue: UInt8(ascii: "U"))
    /// `V`: not valid, equipment does not provide status (u-blox sends it
    /// with every good fix).
    public static let notValid = NavigationalStatus(rawValue: UInt8(ascii: "V"))
}
