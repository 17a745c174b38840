/// The receiver's verdict on its fix: the status letter of the NMEA RMC and GLL sentences,
/// `A` (valid) or `V` (navigation receiver warning).
///
/// As gpsd decides, only `A` is a fix: `V`, and any letter the standard does not define, mean
/// no fix even when the sentence carries coordinates. Such letters round-trip as they were sent.
public struct FixStatus: RawRepresentable, Hashable, Sendable {
    /// The ASCII code of the letter, as it appears in the sentence.
    public var rawValue: UInt8

    /// Wraps a letter; any value is accepted.
    ///
    /// - Parameter rawValue: The ASCII code of the letter, such as `UInt8(ascii: "A")`.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `A` (active): the receiver considers the fix valid.
    @inlinable public static var valid: FixStatus { FixStatus(rawValue: UInt8(ascii: "A")) }
    /// `V` (void): the receiver has no valid fix; the position, even when present, is stale or
    /// made up and must not be used.
    @inlinable public static var invalid: FixStatus { FixStatus(rawValue: UInt8(ascii: "V")) }

    /// Whether the receiver vouches for the fix: `A` only.
    @inlinable public var isValid: Bool { self == .valid }
}

extension FixStatus: CustomStringConvertible {
    /// The letter as it appears in the sentence.
    public var description: String { String(UnicodeScalar(rawValue)) }
}
