/// The A/V status field of RMC and GLL.
///
/// Values the standard does not define round-trip as they were sent.
public struct DataStatus: RawRepresentable, Hashable, Sendable {
    /// The letter as sent.
    public var rawValue: UInt8
    /// Creates a status from the letter sent.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `A`: data valid.
    public static let active = DataStatus(rawValue: UInt8(ascii: "A"))
    /// `V`: navigation receiver warning; the position must not be used,
    /// even when one is present.
    public static let void = DataStatus(rawValue: UInt8(ascii: "V"))
}
