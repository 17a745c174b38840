import GNSS

/// VTG, course over ground and ground speed.
///
/// Both forms are read: NMEA 2.x and later, where each value is followed by
/// its unit letter (`054.7,T,034.4,M,005.5,N,010.2,K,A`), and the older one
/// without letters or mode (`054.7,034.4,005.5,010.2`).
///
/// Strict field (a malformed one rejects the sentence): mode. Every other
/// field is optional: when malformed, or followed by a wrong unit letter, it
/// is `nil` and listed in ``malformedFields``.
public struct VTG: Hashable, Sendable {
    /// Course over ground, in degrees clockwise from true north.
    public var courseTrueDegrees: Double?
    /// Course over ground, in degrees clockwise from magnetic north.
    public var courseMagneticDegrees: Double?
    /// Speed over ground, in knots.
    public var speedKnots: Double?
    /// Speed over ground, in kilometres per hour.
    public var speedKilometersPerHour: Double?
    /// The NMEA 2.3 mode indicator, `nil` from older receivers.
    public var mode: PositioningMode?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the true course).
    public var malformedFields: FieldNumbers

    /// Creates a VTG from its values.
    public init(courseTrueDegrees: Double? = nil, courseMagneticDegrees: Double? = nil, speedKnots: Double? = nil,
                speedKilometersPerHour: Double? = nil, mode: PositioningMode? = nil,
                malformedFields: FieldNumbers = .none) {
        self.courseTrueDegrees = courseTrueDegrees
        self.courseMagneticDegrees = courseMagneticDegrees
        self.speedKnots = speedKnots
        self.speedKilometersPerHour = speedKilometersPerHour
        self.mode = mode
        self.malformedFields = malformedFields
    }

    /// Speed over ground in metres per second, from knots (or, when only
    /// those were sent, kilometres per hour).
    public var speedMetersPerSecond: Double? {
        speedKnots.map { $0 * 1852 / 3600 } ?? speedKilometersPerHour.map { $0 / 3.6 }
    }

    /// Decodes a VTG sentence of any talker, in either form.
    ///
    /// The form is told by the second field and the length: a `T` there, or
    /// more than four fields, is the lettered form.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` for a mode of two letters.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .vtg else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        let courseTrue = fields.lenientDecimal("courseTrue")
        // The usual lettered form, without a magnetic course (`T,,M`), at once.
        if fields.skipTrueUnitAndEmptyMagneticCourse() {
            courseTrueDegrees = courseTrue
            courseMagneticDegrees = nil
        } else {
            let lettered = fields.nextField(is: UInt8(ascii: "T")) || fields.hasMoreFields(than: 3)
            guard lettered else {
                courseTrueDegrees = courseTrue
                courseMagneticDegrees = fields.lenientDecimal("courseMagnetic")
                speedKnots = fields.lenientDecimal("speedKnots")
                speedKilometersPerHour = fields.lenientDecimal("speedKilometersPerHour")
                mode = nil
                malformedFields = fields.malformedFields
                return
            }
            // The true course was read alone, to tell the forms apart: check its unit now.
            let unitIsTrue = fields.nextField(is: UInt8(ascii: "T")) || fields.nextFieldIsEmpty()
            if !unitIsTrue { fields.recordMalformedField(2) }
            fields.skip()
            courseTrueDegrees = unitIsTrue ? courseTrue : nil
            courseMagneticDegrees = fields.lenientDecimal("courseMagnetic", unit: UInt8(ascii: "M"))
        }
        speedKnots = fields.lenientDecimal("speedKnots", unit: UInt8(ascii: "N"))
        speedKilometersPerHour = fields.lenientDecimal("speedKilometersPerHour", unit: UInt8(ascii: "K"))
        mode = try fields.character(.mode).map(PositioningMode.init(rawValue:))
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .vtg }
}
