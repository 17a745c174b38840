/// GST, GNSS pseudorange error statistics: how far the fix may be off, as
/// standard deviations in metres.
///
/// Strict field (a malformed one rejects the sentence): time. Every other
/// field is optional: when malformed it is `nil` and listed in
/// ``malformedFields``.
public struct GST: Hashable, Sendable {
    /// UTC time of the fix the statistics are for.
    public var time: UTCTime?
    /// RMS of the standard deviations of the pseudorange residuals, in metres.
    public var rangeRMS: Double?
    /// Standard deviation of the error ellipse's semi-major axis, in metres.
    public var semiMajorDeviation: Double?
    /// Standard deviation of the error ellipse's semi-minor axis, in metres.
    public var semiMinorDeviation: Double?
    /// Orientation of the semi-major axis, in degrees clockwise from true north.
    public var orientationDegrees: Double?
    /// Standard deviation of the latitude error, in metres.
    public var latitudeDeviation: Double?
    /// Standard deviation of the longitude error, in metres.
    public var longitudeDeviation: Double?
    /// Standard deviation of the altitude error, in metres.
    public var altitudeDeviation: Double?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the time).
    public var malformedFields: FieldNumbers

    /// Creates a GST from its values.
    public init(time: UTCTime? = nil, rangeRMS: Double? = nil, semiMajorDeviation: Double? = nil,
                semiMinorDeviation: Double? = nil, orientationDegrees: Double? = nil,
                latitudeDeviation: Double? = nil, longitudeDeviation: Double? = nil,
                altitudeDeviation: Double? = nil, malformedFields: FieldNumbers = .none) {
        self.time = time
        self.rangeRMS = rangeRMS
        self.semiMajorDeviation = semiMajorDeviation
        self.semiMinorDeviation = semiMinorDeviation
        self.orientationDegrees = orientationDegrees
        self.latitudeDeviation = latitudeDeviation
        self.longitudeDeviation = longitudeDeviation
        self.altitudeDeviation = altitudeDeviation
        self.malformedFields = malformedFields
    }

    /// Decodes a GST sentence of any talker.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` for a time that cannot be right.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gst else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        rangeRMS = fields.lenientDecimal("rangeRMS")
        semiMajorDeviation = fields.lenientDecimal("semiMajorDeviation")
        semiMinorDeviation = fields.lenientDecimal("semiMinorDeviation")
        orientationDegrees = fields.lenientDecimal("orientation")
        latitudeDeviation = fields.lenientDecimal("latitudeDeviation")
        longitudeDeviation = fields.lenientDecimal("longitudeDeviation")
        altitudeDeviation = fields.lenientDecimal("altitudeDeviation")
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gst }
}
