import GNSS

/// PUBX,00, u-blox's position data: the fix with the receiver's own accuracy estimates, its
/// velocity and dilutions, in one sentence a u-blox receiver sends when polled or configured to.
///
/// Strict fields (a malformed one rejects the sentence): time, latitude, longitude and their
/// hemispheres. Every other field is optional: when malformed it is `nil` and listed in
/// ``malformedFields``.
///
/// ```swift
/// let pubx = try PUBX00(parsing: "$PUBX,00,081350.00,4717.113210,N,00833.915187,E,546.589,G3,2.1,2.0,0.007,77.52,0.007,,0.92,1.19,0.77,9,0,0*5F")
/// pubx.horizontalAccuracy  // 2.1 (metres)
/// ```
public struct PUBX00: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: UTCTime?
    /// Latitude, degrees, north positive.
    public var latitude: Double?
    /// Longitude, degrees, east positive.
    public var longitude: Double?
    /// Altitude above the user datum's ellipsoid (WGS 84 by default), metres.
    public var altitude: Double?
    /// The navigation status (`NF`, `DR`, `G2`, `G3`, `D2`, `D3`, `RK`, `TT`).
    public var navigationStatus: NavigationStatus?
    /// The receiver's horizontal accuracy estimate, metres.
    public var horizontalAccuracy: Double?
    /// The receiver's vertical accuracy estimate, metres.
    public var verticalAccuracy: Double?
    /// Speed over ground, km/h.
    public var speedKilometersPerHour: Double?
    /// Course over ground, degrees true.
    public var courseDegrees: Double?
    /// Vertical velocity, m/s, positive downwards.
    public var verticalVelocity: Double?
    /// Age of the differential corrections, seconds.
    public var differentialAge: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?
    /// Time dilution of precision.
    public var tdop: Double?
    /// Satellites used in the navigation solution.
    public var satellitesUsed: Int?
    /// The optional fields that were malformed and read as `nil` (field 1 is the message
    /// number, 00).
    public var malformedFields: FieldNumbers

    /// Creates a PUBX,00 from its values.
    public init(time: UTCTime? = nil, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
                navigationStatus: NavigationStatus? = nil, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil,
                speedKilometersPerHour: Double? = nil, courseDegrees: Double? = nil, verticalVelocity: Double? = nil,
                differentialAge: Double? = nil, hdop: Double? = nil, vdop: Double? = nil, tdop: Double? = nil,
                satellitesUsed: Int? = nil, malformedFields: FieldNumbers = .none) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.navigationStatus = navigationStatus
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speedKilometersPerHour = speedKilometersPerHour
        self.courseDegrees = courseDegrees
        self.verticalVelocity = verticalVelocity
        self.differentialAge = differentialAge
        self.hdop = hdop
        self.vdop = vdop
        self.tdop = tdop
        self.satellitesUsed = satellitesUsed
        self.malformedFields = malformedFields
    }

    /// Speed over ground, m/s.
    public var speedMetersPerSecond: Double? { speedKilometersPerHour.map { $0 / 3.6 } }

    /// Decodes a `$PUBX,00` sentence.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another sentence, u-blox's other
    ///   `$PUBX` messages included; ``NMEAError/invalidField(_:)`` naming the first strict field
    ///   that cannot be right.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .ublox, sentence.address.equals("PUBX"), sentence.field(at: 0)?.equals("00") == true else {
            throw .unexpectedSentenceType(sentence.type)
        }
        var fields = FieldCursor(sentence)
        fields.skip()
        time = try fields.time(.time)
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        altitude = fields.lenientDecimal("altitude", signed: true)
        navigationStatus = fields.lenientNavigationStatus()
        horizontalAccuracy = fields.lenientDecimal("horizontalAccuracy")
        verticalAccuracy = fields.lenientDecimal("verticalAccuracy")
        speedKilometersPerHour = fields.lenientDecimal("speed")
        courseDegrees = fields.lenientDecimal("course")
        verticalVelocity = fields.lenientDecimal("verticalVelocity", signed: true)
        differentialAge = fields.lenientDecimal("differentialAge")
        hdop = fields.lenientDecimal("hdop")
        vdop = fields.lenientDecimal("vdop")
        tdop = fields.lenientDecimal("tdop")
        satellitesUsed = fields.lenientInteger("satellitesUsed", in: 0...999)
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes: u-blox's manufacturer code.
    public static var sentenceType: SentenceType { .ublox }
}
