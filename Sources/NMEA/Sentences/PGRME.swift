/// PGRME, Garmin's estimated position errors: how far off the receiver expects its horizontal
/// position, its altitude and its position in space to be, in metres.
///
/// Garmin does not say at what confidence; gpsd reads them as 50 % (CEP) and scales them to its
/// own 95 %. Every field is optional: a malformed one is `nil` and listed in
/// ``malformedFields``; an error in a unit other than metres (`M`) is malformed too.
///
/// ```swift
/// let pgrme = try PGRME(parsing: "$PGRME,15.0,M,45.0,M,25.0,M*1C")
/// pgrme.verticalError  // 45.0 (metres)
/// ```
public struct PGRME: Hashable, Sendable {
    /// Estimated horizontal position error, metres.
    public var horizontalError: Double?
    /// Estimated vertical position error, metres.
    public var verticalError: Double?
    /// Estimated spherical (three-dimensional) position error, metres.
    public var sphericalError: Double?
    /// The optional fields that were malformed and read as `nil` (fields 1, 3 and 5 are the
    /// errors, 2, 4 and 6 their units).
    public var malformedFields: FieldNumbers

    /// Creates a PGRME from its values.
    public init(horizontalError: Double? = nil, verticalError: Double? = nil, sphericalError: Double? = nil,
                malformedFields: FieldNumbers = .none) {
        self.horizontalError = horizontalError
        self.verticalError = verticalError
        self.sphericalError = sphericalError
        self.malformedFields = malformedFields
    }

    /// Decodes a `$PGRME` sentence.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another sentence, Garmin's other
    ///   proprietary sentences (`$PGRMZ`, `$PGRMM`) included.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .garmin, sentence.address.equals("PGRME") else {
            throw .unexpectedSentenceType(sentence.type)
        }
        var fields = FieldCursor(sentence)
        horizontalError = fields.lenientDecimal("horizontalError", unit: UInt8(ascii: "M"))
        verticalError = fields.lenientDecimal("verticalError", unit: UInt8(ascii: "M"))
        sphericalError = fields.lenientDecimal("sphericalError", unit: UInt8(ascii: "M"))
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes: Garmin's manufacturer code.
    public static var sentenceType: SentenceType { .garmin }
}
