/// HDT, heading: where the vessel or vehicle points, from a gyrocompass or
/// a dual-antenna receiver.
///
/// Its one value is optional: when malformed, or followed by a letter other
/// than `T`, it is `nil` and listed in ``malformedFields``.
public struct HDT: Hashable, Sendable {
    /// Heading, in degrees clockwise from true north.
    public var headingDegrees: Double?
    /// The fields that were malformed and read as `nil` (field 1 is the heading).
    public var malformedFields: FieldNumbers

    /// Creates an HDT from its values.
    public init(headingDegrees: Double? = nil, malformedFields: FieldNumbers = .none) {
        self.headingDegrees = headingDegrees
        self.malformedFields = malformedFields
    }

    /// Decodes an HDT sentence of any talker.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .hdt else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        headingDegrees = fields.lenientDecimal("heading", unit: UInt8(ascii: "T"))
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .hdt }
}
