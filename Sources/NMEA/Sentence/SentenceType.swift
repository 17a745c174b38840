/// The three-letter type of a sentence: `GGA` in `$GPGGA`.
///
/// For a proprietary sentence (`$PGRME`) it is the manufacturer code (`GRM`).
/// Unknown types round-trip: any three ASCII bytes form a type.
public struct SentenceType: RawRepresentable, Hashable, Sendable {
    /// The type's three bytes, first letter in bits 16–23.
    public var rawValue: UInt32

    /// Creates a type from its packed bytes.
    @inlinable
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    @usableFromInline @inline(__always)
    init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        rawValue = UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third)
    }

    /// Global positioning system fix data.
    @inlinable public static var gga: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "G"), UInt8(ascii: "A")) }
    /// Recommended minimum specific GNSS data.
    @inlinable public static var rmc: SentenceType { SentenceType(UInt8(ascii: "R"), UInt8(ascii: "M"), UInt8(ascii: "C")) }
    /// GNSS DOP and active satellites.
    @inlinable public static var gsa: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "S"), UInt8(ascii: "A")) }
    /// GNSS satellites in view.
    @inlinable public static var gsv: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "S"), UInt8(ascii: "V")) }
    /// Course over ground and ground speed.
    @inlinable public static var vtg: SentenceType { SentenceType(UInt8(ascii: "V"), UInt8(ascii: "T"), UInt8(ascii: "G")) }
    /// Geographic position, latitude and longitude.
    @inlinable public static var gll: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "L"), UInt8(ascii: "L")) }
    /// Time and date.
    @inlinable public static var zda: SentenceType { SentenceType(UInt8(ascii: "Z"), UInt8(ascii: "D"), UInt8(ascii: "A")) }
    /// GNSS fix data.
    @inlinable public static var gns: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "N"), UInt8(ascii: "S")) }
    /// GNSS pseudorange error statistics.
    @inlinable public static var gst: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "S"), UInt8(ascii: "T")) }
    /// GNSS satellite fault detection: the fix's expected errors.
    @inlinable public static var gbs: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "B"), UInt8(ascii: "S")) }
    /// Heading, true.
    @inlinable public static var hdt: SentenceType { SentenceType(UInt8(ascii: "H"), UInt8(ascii: "D"), UInt8(ascii: "T")) }
    /// Text transmission.
    @inlinable public static var txt: SentenceType { SentenceType(UInt8(ascii: "T"), UInt8(ascii: "X"), UInt8(ascii: "T")) }
    /// Garmin's proprietary sentences (`$PGRME`, `$PGRMZ`, ...): the manufacturer code `GRM`.
    @inlinable public static var garmin: SentenceType { SentenceType(UInt8(ascii: "G"), UInt8(ascii: "R"), UInt8(ascii: "M")) }
    /// SkyTraq's proprietary sentences (`$PSTI,030`, ...): the manufacturer code `STI`.
    @inlinable public static var skyTraq: SentenceType { SentenceType(UInt8(ascii: "S"), UInt8(ascii: "T"), UInt8(ascii: "I")) }
    /// u-blox's proprietary sentences (`$PUBX,00`, ...): the manufacturer code `UBX`.
    @inlinable public static var ublox: SentenceType { SentenceType(UInt8(ascii: "U"), UInt8(ascii: "B"), UInt8(ascii: "X")) }
}

extension SentenceType: ExpressibleByStringLiteral {
    /// Creates a type from a literal of three ASCII characters.
    public init(stringLiteral value: StaticString) {
        precondition(value.hasPointerRepresentation && value.utf8CodeUnitCount == 3,
                     "a sentence type is three ASCII letters")
        let bytes = UnsafeBufferPointer(start: value.utf8Start, count: 3)
        self.init(bytes[0], bytes[1], bytes[2])
    }
}

extension SentenceType: CustomStringConvertible {
    /// The type's letters, such as `GGA`.
    public var description: String {
        let bytes = [UInt8](unsafeUninitializedCapacity: 3) { buffer, count in
            buffer[0] = UInt8(truncatingIfNeeded: rawValue >> 16)
            buffer[1] = UInt8(truncatingIfNeeded: rawValue >> 8)
            buffer[2] = UInt8(truncatingIfNeeded: rawValue)
            count = 3
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
