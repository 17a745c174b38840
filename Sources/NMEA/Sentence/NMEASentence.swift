/// One checksum-validated NMEA 0183 sentence, viewed in place.
///
/// A sentence points into the bytes it was framed from, so looking at its
/// talker, type and fields copies and allocates nothing. The flip side: it
/// is only valid inside the closure that received it (from
/// ``NMEAFramer/append(_:_:)`` or ``NMEASentence/withParsed(_:acceptsMissingChecksum:maximumLength:_:)``).
/// Decode it there (``GGA/init(_:)``, ``RMC/init(_:)``) or copy what you need
/// (``text``).
public struct NMEASentence {
    /// The `$` or `!` that starts the sentence.
    let start: UnsafePointer<UInt8>
    /// The `,` after the address, or `bodyEnd` when there are no fields.
    let addressEnd: UnsafePointer<UInt8>
    /// The `*` of the checksum, or the line end when the checksum is absent.
    /// The byte here is always readable and is never a digit or a comma,
    /// which lets field scanners stop without a bounds check.
    let bodyEnd: UnsafePointer<UInt8>

    /// Whether the sentence carried a (valid) `*hh` checksum; `false` only when
    /// the framer was configured to accept sentences without one.
    public let hasChecksum: Bool

    /// The talker: `GP` in `$GPGGA`, or ``Talker/proprietary`` for `$P...`.
    public let talker: Talker

    /// The three letters after the talker: `GGA` in `$GPGGA`, or the
    /// manufacturer code (`GRM` in `$PGRME`) for a proprietary sentence.
    /// Missing letters of a short address read as 0.
    public let type: SentenceType

    @inline(__always)
    init(start: UnsafePointer<UInt8>, addressEnd: UnsafePointer<UInt8>,
         bodyEnd: UnsafePointer<UInt8>, hasChecksum: Bool) {
        self.start = start
        self.addressEnd = addressEnd
        self.bodyEnd = bodyEnd
        self.hasChecksum = hasChecksum
        // Read once here, where the address was just checked, so that the
        // `sentence.type == .gga` dispatch every caller does is a compare.
        if addressEnd - start == 6 && start[1] != UInt8(ascii: "P") {
            talker = Talker(start[1], start[2])
            type = SentenceType(start[3], start[4], start[5])
        } else {
            func byte(_ offset: Int) -> UInt8 { start + 1 + offset < addressEnd ? start[1 + offset] : 0 }
            let proprietary = byte(0) == UInt8(ascii: "P")
            talker = Talker(byte(0), proprietary ? 0 : byte(1))
            let offset = proprietary ? 1 : 2
            type = SentenceType(byte(offset), byte(offset + 1), byte(offset + 2))
        }
    }

    /// A sentence whose address is the usual five characters and a comma,
    /// given the eight bytes from its `$` as one word (already loaded to check
    /// the address), so that its talker and type are two shifts away.
    @inline(__always)
    init(start: UnsafePointer<UInt8>, usualAddress word: UInt64, bodyEnd: UnsafePointer<UInt8>, hasChecksum: Bool) {
        guard word &>> 8 & 0xFF != UInt64(UInt8(ascii: "P")) else {
            self = NMEASentence(start: start, addressEnd: start + 6, bodyEnd: bodyEnd, hasChecksum: hasChecksum)
            return
        }
        self.start = start
        addressEnd = start + 6
        self.bodyEnd = bodyEnd
        self.hasChecksum = hasChecksum
        // Byte-swapped, the `$` is the top byte and the address reads in order below it.
        let swapped = word.byteSwapped
        talker = Talker(rawValue: UInt16(truncatingIfNeeded: swapped &>> 40))
        type = SentenceType(rawValue: UInt32(truncatingIfNeeded: swapped &>> 16) & 0xFF_FFFF)
    }

    /// Whether the sentence starts with `!` (encapsulated data such as AIS)
    /// rather than `$`.
    public var isEncapsulated: Bool { start.pointee == UInt8(ascii: "!") }

    /// The address: `GPGGA` in `$GPGGA,...`.
    public var address: NMEAField { NMEAField(start: start + 1, end: addressEnd) }

    /// The sentence's bytes, from `$` through the checksum (without the line end); valid only
    /// inside the closure that received the sentence.
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: start, count: (hasChecksum ? bodyEnd + 3 : bodyEnd) - start)
    }

    /// The sentence as text, from `$` up to (not including) the line end.
    ///
    /// - Complexity: Allocates a `String`; use it to keep a sentence beyond the
    ///   closure that received it, not in a hot loop.
    public var text: String {
        let end = hasChecksum ? bodyEnd + 3 : bodyEnd
        return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
    }

}

@available(*, unavailable, message: "a sentence points into a buffer that is only valid inside its closure")
extension NMEASentence: Sendable {}

extension NMEASentence: CustomStringConvertible {
    /// The sentence's text (allocates; see ``text``).
    public var description: String { text }
}
