/// One checksum-validated NMEA 0183 sentence, viewed in place.
///
/// A sentence points into the bytes it was framed from, so looking at its
/// talker, type and fields copies and allocates nothing. The flip side: it
/// is only valid inside the closure that received it (from
/// ``NMEAFramer/append(_:_:)`` or ``NMEASentence/withParsed(_:acceptsMissingChecksum:_:)``).
/// Decode it there (``GGA/init(_:)``, ``RMC/init(_:)``) or copy what you need
/// (``text``).
public struct NMEASentence {
    /// The `$` or `!` that starts the sentence.
    @usableFromInline let start: UnsafePointer<UInt8>
    /// The `,` after the address, or `bodyEnd` when there are no fields.
    @usableFromInline let addressEnd: UnsafePointer<UInt8>
    /// The `*` of the checksum, or the line end when the checksum is absent.
    /// The byte here is always readable and is never a digit or a comma,
    /// which lets field scanners stop without a bounds check.
    @usableFromInline let bodyEnd: UnsafePointer<UInt8>

    /// Whether the sentence carried a (valid) `*hh` checksum; `false` only when
    /// the framer was configured to accept sentences without one.
    public let hasChecksum: Bool

    @usableFromInline
    init(start: UnsafePointer<UInt8>, addressEnd: UnsafePointer<UInt8>,
         bodyEnd: UnsafePointer<UInt8>, hasChecksum: Bool) {
        self.start = start
        self.addressEnd = addressEnd
        self.bodyEnd = bodyEnd
        self.hasChecksum = hasChecksum
    }

    /// Whether the sentence starts with `!` (encapsulated data such as AIS)
    /// rather than `$`.
    public var isEncapsulated: Bool { start.pointee == UInt8(ascii: "!") }

    /// The address: `GPGGA` in `$GPGGA,...`.
    public var address: NMEAField { NMEAField(start: start + 1, end: addressEnd) }

    /// The talker: `GP` in `$GPGGA`, or ``Talker/proprietary`` for `$P...`.
    @inlinable
    public var talker: Talker {
        let first = addressByte(0)
        return Talker(first, first == UInt8(ascii: "P") ? 0 : addressByte(1))
    }

    /// The three letters after the talker: `GGA` in `$GPGGA`, or the
    /// manufacturer code (`GRM` in `$PGRME`) for a proprietary sentence.
    /// Missing letters of a short address read as 0.
    @inlinable
    public var type: SentenceType {
        let offset = addressByte(0) == UInt8(ascii: "P") ? 1 : 2
        return SentenceType(addressByte(offset), addressByte(offset + 1), addressByte(offset + 2))
    }

    /// The sentence as text, from `$` up to (not including) the line end.
    ///
    /// - Complexity: Allocates a `String`; use it to keep a sentence beyond the
    ///   closure that received it, not in a hot loop.
    public var text: String {
        let end = hasChecksum ? bodyEnd + 3 : bodyEnd
        return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
    }

    @inlinable @inline(__always)
    func addressByte(_ offset: Int) -> UInt8 {
        let position = start + 1 + offset
        return position < addressEnd ? position.pointee : 0
    }
}

@available(*, unavailable, message: "a sentence points into a buffer that is only valid inside its closure")
extension NMEASentence: Sendable {}

extension NMEASentence: CustomStringConvertible {
    /// The sentence's text (allocates; see ``text``).
    public var description: String { text }
}
