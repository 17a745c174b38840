/// GNS, GNSS fix data: time, position, one mode character per
/// constellation, satellites, dilution, altitude and differential data.
///
/// Strict fields (a malformed one rejects the sentence): time, latitude,
/// longitude and their hemispheres, mode characters. Every other field is
/// optional: when malformed it is `nil` and listed in ``malformedFields``.
public struct GNS: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: UTCTime?
    /// Latitude in decimal degrees, north positive, -90...90.
    public var latitude: Double?
    /// Longitude in decimal degrees, east positive, -180...180.
    public var longitude: Double?
    /// One mode per constellation, in the standard's order: GPS, GLONASS,
    /// Galileo, BeiDou, QZSS, NavIC (a receiver sends as many as it knows).
    public var modes: Modes
    /// Satellites used in the fix, over all constellations.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision (dimensionless).
    public var hdop: Double?
    /// Antenna altitude above mean sea level (the geoid), in metres.
    public var altitude: Double?
    /// Geoid separation: height of the geoid above the WGS-84 ellipsoid, in metres.
    public var geoidSeparation: Double?
    /// Age of the differential corrections, in seconds.
    public var dgpsAge: Double?
    /// Differential reference station id, 0–1023.
    public var dgpsStation: Int?
    /// The NMEA 4.1 navigational status, `nil` from older receivers.
    public var navigationalStatus: NavigationalStatus?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the time, 12 the DGPS station).
    public var malformedFields: FieldNumbers

    /// Creates a GNS from its values.
    public init(time: UTCTime? = nil, latitude: Double? = nil, longitude: Double? = nil, modes: Modes = Modes(),
                satellitesUsed: Int? = nil, hdop: Double? = nil, altitude: Double? = nil,
                geoidSeparation: Double? = nil, dgpsAge: Double? = nil, dgpsStation: Int? = nil,
                navigationalStatus: NavigationalStatus? = nil, malformedFields: FieldNumbers = .none) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.modes = modes
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.altitude = altitude
        self.geoidSeparation = geoidSeparation
        self.dgpsAge = dgpsAge
        self.dgpsStation = dgpsStation
        self.navigationalStatus = navigationalStatus
        self.malformedFields = malformedFields
    }

    /// Decodes a GNS sentence of any talker, NMEA 3.0 to 4.11.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` naming the first strict field that
    ///   cannot be right (a non-digit in the time or a coordinate, minutes of
    ///   60 or more, a hemisphere other than N/S or E/W, more than
    ///   ``Modes/capacity`` mode characters or one that is not a letter).
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gns else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        modes = try fields.modes(.mode)
        satellitesUsed = fields.lenientInteger("satellitesUsed", in: 0...999)
        hdop = fields.lenientDecimal("hdop")
        altitude = fields.lenientDecimal("altitude", signed: true)
        geoidSeparation = fields.lenientDecimal("geoidSeparation", signed: true)
        dgpsAge = fields.lenientDecimal("dgpsAge")
        dgpsStation = fields.lenientInteger("dgpsStation", in: 0...1023)
        navigationalStatus = fields.lenientCharacter("navigationalStatus").map(NavigationalStatus.init(rawValue:))
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gns }
}
