/// RMC, recommended minimum specific GNSS data: time, date, status,
/// position, speed and course of one fix.
///
/// Every field the receiver left empty is `nil`, never 0. A position with
/// status ``Status/void`` must not be used, even when present.
public struct RMC: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: UTCTime?
    /// `A` valid or `V` warning; other letters are kept as sent.
    public var status: Status?
    /// Latitude in decimal degrees, north positive, -90...90.
    public var latitude: Double?
    /// Longitude in decimal degrees, east positive, -180...180.
    public var longitude: Double?
    /// Speed over ground, in knots.
    public var speedKnots: Double?
    /// Course over ground, in degrees clockwise from true north.
    public var courseDegrees: Double?
    /// UTC date of the fix.
    public var date: NMEADate?
    /// Magnetic variation in degrees, east positive.
    public var magneticVariation: Double?
    /// The NMEA 2.3 mode indicator, `nil` from older receivers.
    public var mode: Mode?
    /// The NMEA 4.1 navigational status, `nil` from older receivers.
    public var navigationalStatus: NavigationalStatus?

    /// Creates an RMC from its values.
    public init(time: UTCTime? = nil, status: Status? = nil, latitude: Double? = nil, longitude: Double? = nil,
                speedKnots: Double? = nil, courseDegrees: Double? = nil, date: NMEADate? = nil,
                magneticVariation: Double? = nil, mode: Mode? = nil, navigationalStatus: NavigationalStatus? = nil) {
        self.time = time
        self.status = status
        self.latitude = latitude
        self.longitude = longitude
        self.speedKnots = speedKnots
        self.courseDegrees = courseDegrees
        self.date = date
        self.magneticVariation = magneticVariation
        self.mode = mode
        self.navigationalStatus = navigationalStatus
    }

    /// Speed over ground in metres per second (1 knot is 1852 m per hour).
    public var speedMetersPerSecond: Double? { speedKnots.map { $0 * 1852 / 3600 } }

    /// Decodes an RMC sentence of any talker, NMEA 2.0 to 4.11.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` naming the first field that cannot be
    ///   right (a non-digit in a number, minutes of 60 or more, a latitude
    ///   over 90, a hemisphere other than N/S or E/W, a month of 13).
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .rmc else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        status = try fields.character(.status).map(Status.init(rawValue:))
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        speedKnots = try fields.decimal(.speed)
        courseDegrees = try fields.decimal(.course)
        date = try fields.date(.date)
        magneticVariation = try fields.decimal(.magneticVariation)
        let direction = try fields.character(.magneticVariationDirection)
        switch direction {
        case UInt8(ascii: "E"): break
        case UInt8(ascii: "W"): magneticVariation = magneticVariation.map { -$0 }
        case nil where magneticVariation == nil: break
        default: throw .invalidField(.magneticVariationDirection)
        }
        mode = try fields.character(.modeIndicator).map(Mode.init(rawValue:))
        navigationalStatus = try fields.character(.navigationalStatus).map(NavigationalStatus.init(rawValue:))
    }
}

extension RMC {
    /// Whether the receiver vouches for this fix: status `A`, and a mode
    /// indicator (when sent) other than `N`, not valid.
    ///
    /// The NMEA 4.1 navigational status is not consulted: u-blox receivers
    /// send `V` there ("not provided") with every good fix.
    public var isValidFix: Bool { status == .active && mode != .notValid }
}
