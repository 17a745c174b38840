/// GSV, GNSS satellites in view: one part of a sequence that lists every
/// satellite a constellation has in view, up to four per sentence.
///
/// The talker (`GP`, `GL`, `GA`, `GB`, ...) and, from NMEA 4.1 on, the
/// ``signalID`` tell which constellation and signal the sentence is about.
///
/// Strict fields (a malformed one rejects the sentence): the sentence count
/// and the sentence number, which hold the sequence together. Every other
/// field is optional: when malformed it is `nil` and listed in
/// ``malformedFields``. A satellite whose four fields are all empty is left out.
public struct GSV: Hashable, Sendable {
    /// How many sentences the sequence has.
    public var sentenceCount: Int?
    /// This sentence's place in the sequence, from 1.
    public var sentenceNumber: Int?
    /// How many satellites are in view, over the whole sequence.
    public var satellitesInView: Int?
    /// The satellites this sentence lists, at most four.
    public var satellites: Satellites
    /// The NMEA 4.1 signal ID (0–15: for GPS 1 is L1 C/A), `nil` from older receivers.
    public var signalID: UInt8?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the sentence count, 4–7 the first satellite).
    public var malformedFields: FieldNumbers

    /// Creates a GSV from its values.
    public init(sentenceCount: Int? = nil, sentenceNumber: Int? = nil, satellitesInView: Int? = nil,
                satellites: Satellites = Satellites(), signalID: UInt8? = nil, malformedFields: FieldNumbers = .none) {
        self.sentenceCount = sentenceCount
        self.sentenceNumber = sentenceNumber
        self.satellitesInView = satellitesInView
        self.satellites = satellites
        self.signalID = signalID
        self.malformedFields = malformedFields
    }

    /// One satellite of a GSV sentence, as sent. Every value is `nil` when the
    /// receiver left it empty; SNR is empty for a satellite in view but not tracked.
    ///
    /// A record of the sentence, not yet a satellite: its constellation comes
    /// from the talker, the GSA system ID or the ID's range, its signal from the
    /// sentence, whether it is used from GSA (`GPSReader` joins them into
    /// `LocationTracking`'s `Satellite`). Stored in eight bytes, so that a GSV is
    /// small to return and copy.
    public struct Satellite: Hashable, Sendable {
        private var storedID = UInt16.max
        private var storedElevation = Int8.min
        private var storedAzimuth = UInt16.max
        private var storedSNR = UInt16.max  // hundredths of a dB-Hz

        /// Creates a satellite from its values.
        ///
        /// - Parameters:
        ///   - id: 0–65534.
        ///   - elevation: Degrees, -127...127.
        ///   - azimuth: Degrees, 0...65534.
        ///   - snr: dB-Hz, 0...655.34, kept to 0.01 dB-Hz.
        public init(id: Int? = nil, elevation: Int? = nil, azimuth: Int? = nil, snr: Double? = nil) {
            self.id = id
            self.elevation = elevation
            self.azimuth = azimuth
            self.snr = snr
        }

        /// Creates a satellite from its stored form, each value already in range.
        @inline(__always)
        init(storedID: UInt16, storedElevation: Int8, storedAzimuth: UInt16, storedSNR: UInt16) {
            self.storedID = storedID
            self.storedElevation = storedElevation
            self.storedAzimuth = storedAzimuth
            self.storedSNR = storedSNR
        }

        @inline(__always)
        init(id: Int?, elevation: Int?, azimuth: Int?, snrHundredths: Int?) {
            storedID = id.map { UInt16(truncatingIfNeeded: $0) } ?? .max
            storedElevation = elevation.map { Int8(truncatingIfNeeded: $0) } ?? .min
            storedAzimuth = azimuth.map { UInt16(truncatingIfNeeded: $0) } ?? .max
            storedSNR = snrHundredths.map { UInt16(truncatingIfNeeded: $0) } ?? .max
        }

        /// Whether every value is empty, as in a GSV's unused trailing slots.
        var isEmpty: Bool { self == Satellite() }

        /// The satellite's NMEA ID (PRN for GPS; the numbering depends on the
        /// talker, and GNSS's `SatelliteNumber` converts it).
        public var id: Int? {
            get { storedID == .max ? nil : Int(storedID) }
            set { storedID = newValue.map { UInt16($0) } ?? .max }
        }

        /// Elevation above the horizon, in degrees, -90...90.
        public var elevation: Int? {
            get { storedElevation == .min ? nil : Int(storedElevation) }
            set { storedElevation = newValue.map { Int8($0) } ?? .min }
        }

        /// Azimuth, in degrees clockwise from true north, 0...360.
        public var azimuth: Int? {
            get { storedAzimuth == .max ? nil : Int(storedAzimuth) }
            set { storedAzimuth = newValue.map { UInt16($0) } ?? .max }
        }

        /// Signal-to-noise ratio, in dB-Hz, 0...99, to 0.01 dB-Hz.
        public var snr: Double? {
            get { storedSNR == .max ? nil : Double(storedSNR) / 100 }
            set { storedSNR = newValue.map { UInt16(($0 * 100).rounded()) } ?? .max }
        }
    }

    /// Decodes a GSV sentence of any talker, NMEA 2.0 to 4.11.
    ///
    /// A trailing field after the last whole satellite is the NMEA 4.1 signal
    /// ID. An SNR over 99 or letters in an ID are `nil`, and the rest decodes.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` for a sentence count or number that
    ///   is not a number from 1 to 99.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .gsv else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        if let header = fields.plainGSVHeader() {
            sentenceCount = header.count
            sentenceNumber = header.number
            satellitesInView = header.inView
        } else {
            sentenceCount = try fields.integer(.sentenceCount, in: 1...99)
            sentenceNumber = try fields.integer(.sentenceNumber, in: 1...99)
            satellitesInView = fields.lenientInteger("satellitesInView", in: 0...999)
        }
        signalID = nil
        // A GSV that lists four satellites of the usual shape, most of them, is read in a
        // straight line and stored at once; any other is read again by the loop below.
        if let four = fields.plainFourSatellites() {
            satellites = Satellites(four: four)
        } else {
            satellites = Satellites()
        }
        while satellites.count < Satellites.capacity, fields.fieldStart() != nil {
            if let satellite = fields.plainSatellite() {
                satellites.append(satellite)
                continue
            }
            // A signal ID is one character: only a field that short can be one.
            if fields.end - fields.separator <= 2, fields.isAtLastField() {
                signalID = fields.lenientHexDigit("signalID")
                break
            }
            let satellite = Satellite(
                id: fields.lenientInteger("satelliteID", in: 0...999),
                elevation: fields.lenientInteger("elevation", in: -90...90),
                azimuth: fields.lenientInteger("azimuth", in: 0...360),
                snrHundredths: fields.lenientHundredths("snr", atMost: 9900))
            if !satellite.isEmpty { satellites.append(satellite) }
        }
        if signalID == nil, fields.end - fields.separator <= 2, fields.isAtLastField() {
            signalID = fields.lenientHexDigit("signalID")
        }
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .gsv }
}
