import GNSS

/// PSTI,030, SkyTraq's recommended minimum 3D GNSS data: RMC's time, status, position and date
/// with the altitude above mean sea level, the velocity as east, north and up components in
/// m/s, the mode letter, and the age and ratio of an RTK solution.
///
/// Strict fields (a malformed one rejects the sentence): time, status, latitude, longitude and
/// their hemispheres, mode. Every other field is optional: when malformed it is `nil` and
/// listed in ``malformedFields``.
///
/// ```swift
/// let psti = try PSTI030(parsing: "$PSTI,030,003832.000,A,4404.1271062,N,12118.8438377,W,1127.630,-0.00,-0.01,0.02,290322,O,1.000,1.100*32")
/// psti.northVelocity  // -0.01 (m/s)
/// ```
public struct PSTI030: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: UTCTime?
    /// `A` valid, `V` navigation receiver warning.
    public var status: FixStatus?
    /// Latitude, degrees, north positive.
    public var latitude: Double?
    /// Longitude, degrees, east positive.
    public var longitude: Double?
    /// Altitude above mean sea level, metres.
    public var altitude: Double?
    /// Velocity east, m/s.
    public var eastVelocity: Double?
    /// Velocity north, m/s.
    public var northVelocity: Double?
    /// Velocity up, m/s.
    public var upVelocity: Double?
    /// Date of the fix.
    public var date: NMEADate?
    /// The mode letter (`R` RTK fixed, `F` RTK float, `D` differential, `A` autonomous).
    public var mode: PositioningMode?
    /// Age of the RTK corrections, seconds.
    public var rtkAge: Double?
    /// The RTK solution's ambiguity ratio.
    public var rtkRatio: Double?
    /// The optional fields that were malformed and read as `nil` (field 1 is the message
    /// number, 030).
    public var malformedFields: FieldNumbers

    /// Creates a PSTI,030 from its values.
    public init(time: UTCTime? = nil, status: FixStatus? = nil, latitude: Double? = nil, longitude: Double? = nil,
                altitude: Double? = nil, eastVelocity: Double? = nil, northVelocity: Double? = nil, upVelocity: Double? = nil,
                date: NMEADate? = nil, mode: PositioningMode? = nil, rtkAge: Double? = nil, rtkRatio: Double? = nil,
                malformedFields: FieldNumbers = .none) {
        self.time = time
        self.status = status
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.eastVelocity = eastVelocity
        self.northVelocity = northVelocity
        self.upVelocity = upVelocity
        self.date = date
        self.mode = mode
        self.rtkAge = rtkAge
        self.rtkRatio = rtkRatio
        self.malformedFields = malformedFields
    }

    /// Decodes a `$PSTI,030` sentence.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another sentence, SkyTraq's other
    ///   `$PSTI` messages included; ``NMEAError/invalidField(_:)`` naming the first strict
    ///   field that cannot be right.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .skyTraq, sentence.address.equals("PSTI"), sentence.field(at: 0)?.equals("030") == true else {
            throw .unexpectedSentenceType(sentence.type)
        }
        var fields = FieldCursor(sentence)
        fields.skip()
        time = try fields.time(.time)
        status = try fields.character(.status).map(FixStatus.init(rawValue:))
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        altitude = fields.lenientDecimal("altitude", signed: true)
        eastVelocity = fields.lenientDecimal("eastVelocity", signed: true)
        northVelocity = fields.lenientDecimal("northVelocity", signed: true)
        upVelocity = fields.lenientDecimal("upVelocity", signed: true)
        date = fields.lenientDate("date")
        mode = try fields.character(.mode).map(PositioningMode.init(rawValue:))
        rtkAge = fields.lenientDecimal("rtkAge")
        rtkRatio = fields.lenientDecimal("rtkRatio")
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes: SkyTraq's manufacturer code.
    public static var sentenceType: SentenceType { .skyTraq }
}
