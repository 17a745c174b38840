/// The talker of a sentence: the two letters after `$` that name the system
/// that produced it (`GP` in `$GPGGA`), or `P` for a proprietary sentence.
///
/// Unknown talkers round-trip: any two ASCII bytes form a talker.
public struct Talker: RawRepresentable, Hashable, Sendable {
    /// The talker's bytes, first letter in the high byte; a proprietary
    /// talker has `P` in the high byte and 0 in the low byte.
    public var rawValue: UInt16

    /// Creates a talker from its packed bytes.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    @usableFromInline @inline(__always)
    init(_ first: UInt8, _ second: UInt8) {
        rawValue = UInt16(first) << 8 | UInt16(second)
    }

    /// Whether this is a proprietary sentence (`$P...`), whose address goes on
    /// with a three-letter manufacturer code.
    @inlinable public var isProprietary: Bool { self == .proprietary }

    /// A proprietary sentence (`$PGRME`, `$PMTK...`, `$PSTI`).
    @inlinable public static var proprietary: Talker { Talker(UInt8(ascii: "P"), 0) }
    /// GPS (`GP`).
    @inlinable public static var gps: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "P")) }
    /// A combination of systems (`GN`).
    @inlinable public static var gnss: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "N")) }
    /// GLONASS (`GL`).
    @inlinable public static var glonass: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "L")) }
    /// Galileo (`GA`).
    @inlinable public static var galileo: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "A")) }
    /// BeiDou (`GB`).
    @inlinable public static var beidouGB: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "B")) }
    /// BeiDou, older talker (`BD`).
    @inlinable public static var beidouBD: Talker { Talker(UInt8(ascii: "B"), UInt8(ascii: "D")) }
    /// QZSS (`GQ`).
    @inlinable public static var qzssGQ: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "Q")) }
    /// QZSS, older talker (`QZ`).
    @inlinable public static var qzssQZ: Talker { Talker(UInt8(ascii: "Q"), UInt8(ascii: "Z")) }
    /// NavIC, formerly IRNSS (`GI`).
    @inlinable public static var navic: Talker { Talker(UInt8(ascii: "G"), UInt8(ascii: "I")) }
    /// An integrated navigation system (`IN`).
    @inlinable public static var integratedNavigation: Talker { Talker(UInt8(ascii: "I"), UInt8(ascii: "N")) }
}

extension Talker: ExpressibleByStringLiteral {
    /// Creates a talker from a literal of two ASCII characters, or `"P"`.
    public init(stringLiteral value: StaticString) {
        precondition(value.hasPointerRepresentation && (1...2).contains(value.utf8CodeUnitCount),
                     "a talker is two ASCII letters, or P")
        let bytes = UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount)
        self.init(bytes[0], bytes.count == 2 ? bytes[1] : 0)
    }
}

extension Talker: CustomStringConvertible {
    /// The talker's letters, such as `GP`, or `P` for proprietary.
    public var description: String {
        let high = UInt8(truncatingIfNeeded: rawValue >> 8)
        let low = UInt8(truncatingIfNeeded: rawValue)
        return String(decoding: low == 0 ? [high] : [high, low], as: UTF8.self)
    }
}
