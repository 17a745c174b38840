/// The name of a decoded field, as an ``NMEAError/invalidField(_:)`` reports it:
/// `latitude`, `fixDimension`, `satelliteID`.
///
/// A name is text rather than an enum case, so a decoder for a new sentence
/// names its fields without touching this type. It holds a `StaticString`,
/// which lives in the binary: creating, copying and throwing a name allocates
/// and retains nothing.
public struct NMEAFieldName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    private let text: StaticString

    /// Creates a name from a literal such as `"latitude"`.
    @inlinable
    public init(stringLiteral value: StaticString) { self = NMEAFieldName(text: value) }

    @usableFromInline
    init(text: StaticString) { self.text = text }

    /// The name, such as `latitude`.
    public var description: String { text.description }

    /// Two names are equal when their text is.
    public static func == (lhs: NMEAFieldName, rhs: NMEAFieldName) -> Bool {
        lhs.text.withUTF8Buffer { left in rhs.text.withUTF8Buffer { right in left.elementsEqual(right) } }
    }

    /// Hashes the name's text.
    public func hash(into hasher: inout Hasher) {
        text.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension NMEAFieldName {
    /// UTC time of day (GGA, RMC, GLL, GNS, ZDA, GST, GBS).
    @inlinable public static var time: NMEAFieldName { "time" }
    /// Latitude (GGA, RMC, GLL, GNS).
    @inlinable public static var latitude: NMEAFieldName { "latitude" }
    /// N or S after a latitude.
    @inlinable public static var latitudeHemisphere: NMEAFieldName { "latitudeHemisphere" }
    /// Longitude (GGA, RMC, GLL, GNS).
    @inlinable public static var longitude: NMEAFieldName { "longitude" }
    /// E or W after a longitude.
    @inlinable public static var longitudeHemisphere: NMEAFieldName { "longitudeHemisphere" }
    /// GGA's fix quality indicator.
    @inlinable public static var fixQuality: NMEAFieldName { "fixQuality" }
    /// The A/V data status (RMC, GLL).
    @inlinable public static var status: NMEAFieldName { "status" }
    /// The mode indicator (RMC, GLL, VTG) or GNS's mode characters.
    @inlinable public static var mode: NMEAFieldName { "mode" }
    /// GSA's selection mode, A or M.
    @inlinable public static var selectionMode: NMEAFieldName { "selectionMode" }
    /// GSA's fix dimension, 1 to 3.
    @inlinable public static var fixDimension: NMEAFieldName { "fixDimension" }
    /// GSV's number of sentences in the sequence.
    @inlinable public static var sentenceCount: NMEAFieldName { "sentenceCount" }
    /// GSV's number of this sentence in the sequence.
    @inlinable public static var sentenceNumber: NMEAFieldName { "sentenceNumber" }
}
