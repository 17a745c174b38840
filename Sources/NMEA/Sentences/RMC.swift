import GNSS

/// RMC, recommended minimum specific GNSS data: time, date, status,
/// position, speed and course of one fix.
///
/// Every field the receiver left empty is `nil`, never 0. A position with
/// status `FixStatus.invalid` must not be used, even when present.
///
/// Strict fields (a malformed one rejects the sentence): time, status,
/// latitude, longitude and their hemispheres, mode. Every other field is
/// optional: when malformed it is `nil` and listed in ``malformedFields``.
public struct RMC: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: UTCTime?
    /// `A` valid or `V` warning; other letters are kept as sent.
    public var status: FixStatus?
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
    /// Magnetic variation in degrees, east positive; `nil` when its
    /// direction is missing.
    public var magneticVariation: Double?
    /// The NMEA 2.3 mode indicator, `nil` from older receivers.
    public var mode: PositioningMode?
    /// The NMEA 4.1 navigational status, `nil` from older receivers.
    public var navigationalStatus: NavigationalStatus?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the time, 11 the magnetic variation's direction).
    public var malformedFields: FieldNumbers

    /// Creates an RMC from its values.
    public init(time: UTCTime? = nil, status: FixStatus? = nil, latitude: Double? = nil, longitude: Double? = nil,
                speedKnots: Double? = nil, courseDegrees: Double? = nil, date: NMEADate? = nil,
                magneticVariation: Double? = nil, mode: PositioningMode? = nil,
                navigationalStatus: NavigationalStatus? = nil, malformedFields: FieldNumbers = .none) {
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
        self.malformedFields = malformedFields
    }

    /// Speed over ground in metres per second (1 knot is 1852 m per hour).
    public var speedMetersPerSecond: Double? { speedKnots.map { $0 * 1852 / 3600 } }

    /// Decodes an RMC sentence of any talker, NMEA 2.0 to 4.11.
    ///
    /// A malformed optional field (a month of 13, a magnetic-variation
    /// direction other than E or W) is `nil`, and the rest decodes. SiRF
    /// receivers send NMEA 2.3 RMC one field short, without the variation's
    /// direction (`...,181207,0,A*77`): a letter in field 11 that ends the
    /// sentence is read as the mode, as gpsd does, and the variation is `nil`.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` naming the first strict field that
    ///   cannot be right (a non-digit in the time or a coordinate, minutes of
    ///   60 or more, a latitude over 90, a hemisphere other than N/S or E/W,
    ///   a status or mode of two letters).
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .rmc else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        if let plain = fields.plainCharacter() {
            status = FixStatus(rawValue: plain)
        } else {
            status = try fields.character(.status).map(FixStatus.init(rawValue:))
        }
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        speedKnots = fields.lenientDecimal("speed")
        courseDegrees = fields.lenientDecimal("course")
        date = fields.lenientDate("date")
        if let tail = fields.plainRMCTail() {
            magneticVariation = nil
            mode = PositioningMode(rawValue: tail.mode)
            navigationalStatus = tail.navigationalStatus.map(NavigationalStatus.init(rawValue:))
            malformedFields = fields.malformedFields
            return
        }
        let variation = fields.lenientDecimal("magneticVariation")
        let directionEndsSentence = fields.isAtLastField()
        let direction = fields.lenientCharacter("magneticVariationDirection")
        switch direction {
        case UInt8(ascii: "E"): magneticVariation = variation
        case UInt8(ascii: "W"): magneticVariation = variation.map { -$0 }
        case nil where variation == nil: magneticVariation = nil
        default:
            magneticVariation = nil
            fields.recordMalformedField(11)
        }
        if directionEndsSentence, let letter = direction, letter != UInt8(ascii: "E"), letter != UInt8(ascii: "W") {
            mode = PositioningMode(rawValue: letter)
        } else {
            mode = try fields.character(.mode).map(PositioningMode.init(rawValue:))
        }
        navigationalStatus = fields.lenientCharacter("navigationalStatus").map(NavigationalStatus.init(rawValue:))
        malformedFields = fields.malformedFields
    }
}

extension RMC {
    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .rmc }

    /// Whether the receiver vouches for this fix: status `A`, and a mode
    /// indicator (when sent) that is a fix (`PositioningMode.hasFix`: not `N`
    /// not valid, `M` manual input or `S` simulator), as `LocationTracking`'s
    /// `Location.isValidFix` decides.
    ///
    /// The NMEA 4.1 navigational status is not consulted: u-blox receivers
    /// send `V` there ("not provided") with every good fix.
    public var isValidFix: Bool { status == .valid && mode?.hasFix != false }
}
