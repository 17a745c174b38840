import GNSS

/// GGA, global positioning system fix data: time, position, fix quality,
/// satellites, dilution and altitude of one fix.
///
/// Every field the receiver left empty is `nil`, never 0.
///
/// Strict fields (a malformed one rejects the sentence): time, latitude,
/// longitude and their hemispheres, fix quality. Every other field is
/// optional: when malformed it is `nil` and listed in ``malformedFields``.
///
/// ```swift
/// let fix = try GGA(parsing: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
/// fix.latitude  // 48.1173 (degrees)
/// ```
public struct GGA: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: UTCTime?
    /// Latitude in decimal degrees, north positive, -90...90.
    public var latitude: Double?
    /// Longitude in decimal degrees, east positive, -180...180.
    public var longitude: Double?
    /// The fix quality indicator; 0 (``FixQuality/invalid``) means no fix.
    public var fixQuality: FixQuality?
    /// Satellites used in the fix.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision (dimensionless).
    public var hdop: Double?
    /// Antenna altitude above mean sea level (the geoid), in metres.
    public var altitude: Double?
    /// Geoid separation: height of the geoid above the WGS-84 ellipsoid, in
    /// metres. The ellipsoidal height is `altitude + geoidSeparation`.
    public var geoidSeparation: Double?
    /// Age of the differential corrections, in seconds.
    public var dgpsAge: Double?
    /// Differential reference station id, 0–1023.
    public var dgpsStation: Int?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the time).
    public var malformedFields: FieldNumbers

    /// Creates a GGA from its values.
    public init(time: UTCTime? = nil, latitude: Double? = nil, longitude: Double? = nil,
                fixQuality: FixQuality? = nil, satellitesUsed: Int? = nil, hdop: Double? = nil,
                altitude: Double? = nil, geoidSeparation: Double? = nil, dgpsAge: Double? = nil,
                dgpsStation: Int? = nil, malformedFields: FieldNumbers = .none) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.fixQuality = fixQuality
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.altitude = altitude
        self.geoidSeparation = geoidSeparation
        self.dgpsAge = dgpsAge
        self.dgpsStation = dgpsStation
        self.malformedFields = malformedFields
    }

    /// Decodes a GGA sentence of any talker.
    ///
    /// Fields missing at the end of the sentence are `nil`; fields after the
    /// fourteenth are ignored. A malformed optional field (letters for the
    /// DGPS station, a unit other than M) is `nil`, and the rest decodes.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` naming the first strict field that
    ///   cannot be right (a non-digit in the time or a coordinate, minutes of
    ///   60 or more, a latitude over 90, a hemisphere other than N/S or E/W, a
    ///   fix quality that is not a number up to 255).
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gga else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        if let plain = fields.plainQualityAndSatellites() {
            fixQuality = FixQuality(rawValue: plain.quality)
            satellitesUsed = plain.satellites
        } else {
            fixQuality = try fields.integer(.fixQuality, in: 0...255).map { FixQuality(rawValue: UInt8($0)) }
            satellitesUsed = fields.lenientInteger("satellitesUsed", in: 0...999)
        }
        hdop = fields.lenientDecimal("hdop")
        altitude = fields.lenientDecimal("altitude", signed: true, unit: UInt8(ascii: "M"))
        geoidSeparation = fields.lenientDecimal("geoidSeparation", signed: true, unit: UInt8(ascii: "M"))
        if fields.skipTwoEmptyLastFields() {
            dgpsAge = nil
            dgpsStation = nil
        } else {
            dgpsAge = fields.lenientDecimal("dgpsAge")
            dgpsStation = fields.lenientInteger("dgpsStation", in: 0...1023)
        }
        malformedFields = fields.malformedFields
    }
}

extension GGA {
    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gga }

    /// Whether the receiver reports a real fix: a fix quality other than
    /// invalid (0), manual (7) or simulated (8). A missing quality is no fix.
    public var isValidFix: Bool { fixQuality?.hasFix ?? false }
}
