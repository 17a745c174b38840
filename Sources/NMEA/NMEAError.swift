/// Why a line or a sentence was rejected.
///
/// Every case carries plain values only, so throwing one allocates nothing.
/// A rejected line costs that line only: the framer carries on with the next.
public enum NMEAError: Error, Hashable, Sendable {
    /// The checksum after `*` is not the XOR of the bytes between `$` and `*`.
    ///
    /// - Parameters:
    ///   - transmitted: The value written after `*`.
    ///   - computed: The XOR of the bytes the receiver sent.
    case checksumMismatch(transmitted: UInt8, computed: UInt8)

    /// The sentence has no `*hh` checksum and the framer requires one
    /// (see ``NMEAFramer/Configuration/acceptsMissingChecksum``).
    case missingChecksum

    /// The text does not start with `$` or `!`, so it is not a sentence.
    case notASentence

    /// A `*` is present but is not followed by exactly two hex digits and
    /// the end of the line.
    case malformedChecksum

    /// The line ended before the sentence did: a `$` started a new sentence
    /// in the middle of this one, which is discarded.
    case interrupted

    /// The sentence is longer than ``NMEAFramer/Configuration/maximumSentenceLength``
    /// bytes; it is discarded up to the end of its line or the next `$`.
    case tooLong

    /// The address (the `GPGGA` of `$GPGGA,...`) is empty or holds bytes
    /// other than ASCII letters and digits.
    case malformedAddress

    /// A decoder was given a sentence of another type, such as an RMC given
    /// to the GGA decoder.
    case unexpectedSentenceType(SentenceType)

    /// A field that makes the fix holds a value that cannot be right: a
    /// non-digit in a time, minutes of 60 or more, a latitude over 90
    /// degrees, a hemisphere other than N, S, E or W, a status of two letters.
    ///
    /// Only strict fields throw this; a malformed optional field is `nil`
    /// and is listed in the decoded sentence's `malformedFields`.
    case invalidField(NMEAFieldName)
}

extension NMEAError: CustomStringConvertible {
    /// A one-line explanation, naming the field or both checksum values.
    public var description: String {
        switch self {
        case let .checksumMismatch(transmitted, computed):
            return "checksum mismatch: sentence says \(hex(transmitted)), bytes XOR to \(hex(computed))"
        case .missingChecksum: return "sentence has no *hh checksum"
        case .notASentence: return "text does not start with '$' or '!'"
        case .malformedChecksum: return "checksum is not two hex digits at the end of the line"
        case .interrupted: return "sentence interrupted by a new '$' before it ended"
        case .tooLong: return "sentence longer than the configured maximum"
        case .malformedAddress: return "sentence address is empty or not alphanumeric"
        case let .unexpectedSentenceType(type): return "unexpected sentence type \(type)"
        case let .invalidField(field): return "invalid \(field) field"
        }
    }
}

private func hex(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
}
