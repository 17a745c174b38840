import GNSS

/// GSA, GNSS DOP and active satellites: the fix dimension, the satellites
/// the fix uses, and the dilutions of precision.
///
/// NMEA 4.1 receivers send one GSA per constellation each epoch, each
/// naming its system (``systemID``); older multi-constellation receivers send
/// several `GN` GSAs without one.
///
/// Strict fields (a malformed one rejects the sentence): selection mode, fix
/// dimension. Every other field is optional: when malformed it is `nil` (or,
/// for a satellite ID, left out) and listed in ``malformedFields``.
public struct GSA: Hashable, Sendable {
    /// `A` automatic 2D/3D switching or `M` manual; other letters are kept as sent.
    public var selectionMode: SelectionMode?
    /// 1 no fix, 2 a 2D fix, 3 a 3D fix; other values are kept as sent.
    public var fixDimension: FixMode?
    /// The IDs of the satellites used in the fix, in the order sent, empty
    /// slots left out: at most 12.
    public var satellitesUsed: SatelliteIDs
    /// Position (3D) dilution of precision (dimensionless).
    public var pdop: Double?
    /// Horizontal dilution of precision (dimensionless).
    public var hdop: Double?
    /// Vertical dilution of precision (dimensionless).
    public var vdop: Double?
    /// The NMEA 4.1 system ID of the satellites listed (0–15: 1 GPS, 2 GLONASS,
    /// 3 Galileo, 4 BeiDou, 5 QZSS, 6 NavIC) as sent, `nil` from older receivers.
    public var systemID: UInt8?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the selection mode, 3–14 the satellite IDs).
    public var malformedFields: FieldNumbers

    /// Creates a GSA from its values.
    public init(selectionMode: SelectionMode? = nil, fixDimension: FixMode? = nil,
                satellitesUsed: SatelliteIDs = SatelliteIDs(), pdop: Double? = nil, hdop: Double? = nil,
                vdop: Double? = nil, systemID: UInt8? = nil, malformedFields: FieldNumbers = .none) {
        self.selectionMode = selectionMode
        self.fixDimension = fixDimension
        self.satellitesUsed = satellitesUsed
        self.pdop = pdop
        self.hdop = hdop
        self.vdop = vdop
        self.systemID = systemID
        self.malformedFields = malformedFields
    }

    /// Decodes a GSA sentence of any talker, NMEA 2.0 to 4.11.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` for a selection mode of two letters or
    ///   a fix dimension that is not one digit.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gsa else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        if let plain = fields.plainSelectionModeAndDimension() {
            selectionMode = SelectionMode(rawValue: plain.mode)
            fixDimension = FixMode(rawValue: plain.dimension)
        } else {
            selectionMode = try fields.character(.selectionMode).map(SelectionMode.init(rawValue:))
            fixDimension = try fields.integer(.fixDimension, in: 0...9).map { FixMode(rawValue: UInt8($0)) }
        }
        satellitesUsed = SatelliteIDs()
        // Two-digit IDs three at a time, then empty and two-digit ones,
        // nearly all of them; the general reader takes over from the first
        // other field.
        var slot = 0
        while slot + 3 <= SatelliteIDs.capacity, let (first, second, third) = fields.plainThreeSatelliteIDs() {
            satellitesUsed.append(first)
            satellitesUsed.append(second)
            satellitesUsed.append(third)
            slot += 3
        }
        while slot < SatelliteIDs.capacity, let id = fields.emptyOrTwoDigits() {
            if id >= 0 { satellitesUsed.append(UInt16(id)) }
            slot += 1
        }
        while slot < SatelliteIDs.capacity {
            if let id = fields.lenientInteger("satelliteID", in: 0...999) {
                satellitesUsed.append(UInt16(id))
            }
            slot += 1
        }
        pdop = fields.lenientDecimal("pdop")
        hdop = fields.lenientDecimal("hdop")
        vdop = fields.lenientDecimal("vdop")
        systemID = fields.lenientHexDigit("systemID")
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gsa }

    /// The constellation ``systemID`` names; `nil` when there is none or it is not one the
    /// standard defines.
    public var constellation: Constellation? { systemID.flatMap(Constellation.init(nmeaSystemID:)) }
}

extension GSA {
    /// GSA's selection mode.
    ///
    /// Values the standard does not define round-trip as they were sent.
    public struct SelectionMode: RawRepresentable, Hashable, Sendable {
        /// The letter as sent.
        public var rawValue: UInt8
        /// Creates a selection mode from the letter sent.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `A`: the receiver switches between 2D and 3D itself.
        public static let automatic = SelectionMode(rawValue: UInt8(ascii: "A"))
        /// `M`: the user forces 2D or 3D.
        public static let manual = SelectionMode(rawValue: UInt8(ascii: "M"))
    }
}
