/// GBS, GNSS satellite fault detection (RAIM): the expected errors of the fix, as standard
/// deviations in metres, and the satellite most likely to have failed.
///
/// Strict field (a malformed one rejects the sentence): time. Every other field is optional:
/// when malformed it is `nil` and listed in ``malformedFields``.
///
/// ```swift
/// let gbs = try GBS(parsing: "$GPGBS,082941.00,2.4,1.5,3.9,25,,-43.7,27.5*65")
/// gbs.latitudeError  // 2.4 (metres)
/// ```
public struct GBS: Hashable, Sendable {
    /// UTC time of the fix the errors are for.
    public var time: UTCTime?
    /// Expected error in latitude, metres (one standard deviation).
    public var latitudeError: Double?
    /// Expected error in longitude, metres (one standard deviation).
    public var longitudeError: Double?
    /// Expected error in altitude, metres (one standard deviation).
    public var altitudeError: Double?
    /// The satellite most likely to have failed, as the talker numbers it.
    public var failedSatellite: Int?
    /// The probability of missed detection for the failed satellite, 0...1.
    public var missedDetectionProbability: Double?
    /// The estimated bias on the failed satellite, metres.
    public var bias: Double?
    /// The standard deviation of the bias estimate, metres.
    public var biasDeviation: Double?
    /// The optional fields that were malformed and read as `nil` (field 1 is the time).
    public var malformedFields: FieldNumbers

    /// Creates a GBS from its values.
    public init(time: UTCTime? = nil, latitudeError: Double? = nil, longitudeError: Double? = nil,
                altitudeError: Double? = nil, failedSatellite: Int? = nil, missedDetectionProbability: Double? = nil,
                bias: Double? = nil, biasDeviation: Double? = nil, malformedFields: FieldNumbers = .none) {
        self.time = time
        self.latitudeError = latitudeError
        self.longitudeError = longitudeError
        self.altitudeError = altitudeError
        self.failedSatellite = failedSatellite
        self.missedDetectionProbability = missedDetectionProbability
        self.bias = bias
        self.biasDeviation = biasDeviation
        self.malformedFields = malformedFields
    }

    /// Decodes a GBS sentence of any talker; the NMEA 4.1 system and signal IDs after the
    /// eighth field are ignored.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` for a time that cannot be right.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gbs else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        latitudeError = fields.lenientDecimal("latitudeError")
        longitudeError = fields.lenientDecimal("longitudeError")
        altitudeError = fields.lenientDecimal("altitudeError")
        failedSatellite = fields.lenientInteger("failedSatellite", in: 1...999)
        missedDetectionProbability = fields.lenientDecimal("missedDetectionProbability")
        bias = fields.lenientDecimal("bias", signed: true)
        biasDeviation = fields.lenientDecimal("biasDeviation")
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gbs }
}
