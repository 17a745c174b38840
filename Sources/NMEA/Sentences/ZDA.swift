/// ZDA, time and date: UTC time, day, month, four-digit year and the local
/// time zone.
///
/// Strict field (a malformed one rejects the sentence): time. Every other
/// field is optional: when malformed (a day of 32, letters) it is `nil` and
/// listed in ``malformedFields``.
public struct ZDA: Hashable, Sendable {
    /// UTC time of day.
    public var time: UTCTime?
    /// Day of the month, 1–31.
    public var day: Int?
    /// Month, 1–12.
    public var month: Int?
    /// The year, all four digits (ZDA, unlike RMC, sends the century).
    public var year: Int?
    /// Local zone hours, -13...13: local time is UTC plus this (some
    /// receivers send the opposite sign; most send 0).
    public var localZoneHours: Int?
    /// Local zone minutes, as sent (0–59; a few receivers sign them).
    public var localZoneMinutes: Int?
    /// The optional fields that were malformed and read as `nil` (field 1
    /// is the time, 2 the day).
    public var malformedFields: FieldNumbers

    /// Creates a ZDA from its values.
    public init(time: UTCTime? = nil, day: Int? = nil, month: Int? = nil, year: Int? = nil,
                localZoneHours: Int? = nil, localZoneMinutes: Int? = nil, malformedFields: FieldNumbers = .none) {
        self.time = time
        self.day = day
        self.month = month
        self.year = year
        self.localZoneHours = localZoneHours
        self.localZoneMinutes = localZoneMinutes
        self.malformedFields = malformedFields
    }

    /// Decodes a ZDA sentence of any talker.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for another type;
    ///   ``NMEAError/invalidField(_:)`` for a time that cannot be right.
    @inline(__always)
    public init(_ sentence: NMEASentence) throws(NMEAError) {
        guard sentence.type == .zda else { throw .unexpectedSentenceType(sentence.type) }
        var fields = FieldCursor(sentence)
        time = try fields.time(.time)
        day = fields.lenientInteger("day", in: 1...31)
        month = fields.lenientInteger("month", in: 1...12)
        year = fields.lenientInteger("year", in: 1000...9999)
        localZoneHours = fields.lenientInteger("localZoneHours", in: -13...13)
        localZoneMinutes = fields.lenientInteger("localZoneMinutes", in: -59...59)
        malformedFields = fields.malformedFields
    }

    /// The sentence type this decodes.
    public static var sentenceType: SentenceType { .zda }
}
