import GNSS

/// GLL, geographic position: latitude, longitude, the UTC time of the
/// position, status and mode.
///
/// Every field is strict (a malformed one rejects the sentence): they are
/// all the fix is made of. A position with status `FixStatus.invalid` must
/// not be used, even when present.
public struct GLL: Hashable, Sendable {
    /// Latitude in decimal degrees, north positive, -90...90.
    public var latitude: Double?
    /// Longitude in decimal degrees, east positive, -180...180.
    public var longitude: Double?
    /// UTC time of the position; `nil` from NMEA 1.5 receivers that do not send it.
    public var time: UTCTime?
    /// `A` valid or `V` warning; other letters are kept as sent.
    public var status: FixStatus?
    /// The NMEA 2.3 mode indicator, `nil` from older receivers.
    public var mode: PositioningMode?
    /// Always empty: GLL has no optional fields. Present for
    /// ``NMEASentenceDecodable``.
    public var malformedFields: FieldNumbers { .none }

    /// Creates a GLL from its values.
    public init(latitude: Double? = nil, longitude: Double? = nil, time: UTCTime? = nil,
                status: FixStatus? = nil, mode: PositioningMode? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
        self.status = status
        self.mode = mode
    }

    /// Decodes a GLL sentence of any talker, NMEA 1.5 to 4.11.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` naming the first field that cannot be
    ///   right (a non-digit in a coordinate or the time, minutes of 60 or
    ///   more, a hemisphere other than N/S or E/W, a status of two letters).
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gll else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        latitude = try fields.coordinate(.latitude, hemisphere: .latitudeHemisphere, maximumDegrees: 90,
                                         positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
        longitude = try fields.coordinate(.longitude, hemisphere: .longitudeHemisphere, maximumDegrees: 180,
                                          positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
        time = try fields.time(.time)
        status = try fields.character(.status).map(FixStatus.init(rawValue:))
        mode = try fields.character(.mode).map(PositioningMode.init(rawValue:))
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gll }
}
