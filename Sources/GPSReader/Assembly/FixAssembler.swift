import LocationTracking
import NMEA

/// Turns a stream of NMEA sentences into fixes, one per epoch, the way gpsd does.
///
/// Sentences with the same UTC time of day form an epoch and merge into one `Location`
/// (GGA: altitude, geoid separation, quality, satellites, HDOP; RMC: date, status, speed in
/// m/s, course, mode letter; GSA: 2D/3D; ZDA: date). Sentences without a time (GSA, GSV, VTG)
/// join the epoch they arrive in. An epoch is reported when it is complete: when the sentence
/// that ended the previous epoch (the *cycle ender*, learned as gpsd learns it) arrives again,
/// or else when the time changes, or at `finish(_:)`.
///
/// The date comes from RMC or ZDA in the epoch, or is carried forward from the last one seen;
/// when a stream without dates (GGA only) wraps from a later hour to an earlier one, the day
/// advances, as gpsd 3.22 does. A fix gets a `timestamp` only once a date is known.
///
/// Fixes are reported whether valid or not: RMC status `V`, GGA quality 0 and GSA mode 1 are
/// kept in the `Location`, and `AppLocationManager` drops such fixes. An epoch with no position
/// at all gives no fix. Sentences that fail to decode are skipped; the rest of the epoch counts.
///
/// ```swift
/// var assembler = FixAssembler()
/// framer.append(chunk) { result in
///     if case .success(let sentence) = result {
///         assembler.consume(sentence) { location in use(location) }
///     }
/// }
/// ```
///
/// - Complexity: O(1) per sentence beyond decoding it; no heap allocation.
public struct FixAssembler: Sendable {
    private var epoch = Epoch()
    /// The time of the last epoch reported early, by its cycle ender: late sentences with that
    /// time are ignored rather than starting a new epoch.
    private var reportedTime: UTCTime?
    /// The sentence type that completes an epoch, once learned.
    private var cycleEnder: SentenceType?
    private var lastType: SentenceType?
    /// The last calendar day known, and the time of day it was known at.
    private var knownDay: (day: CalendarDay, hour: UInt8)?

    /// Creates an assembler with nothing learned yet.
    public init() {}

    /// Feeds one sentence; calls `report` for each fix it completes (none, one, or rarely two
    /// when the first epoch's end and a complete cycle coincide), oldest first.
    ///
    /// - Parameters:
    ///   - sentence: A checksum-validated sentence from `NMEAFramer`.
    ///   - report: Receives the completed fixes.
    public mutating func consume(_ sentence: NMEASentence, _ report: (Location) -> Void) {
        let type = sentence.type
        defer { lastType = type }
        if Self.isTimed(type) {
            // A GGA or RMC without a time (an empty one while the receiver starts) cannot be
            // placed in an epoch; one whose epoch was already reported arrives too late.
            guard let time = Self.time(of: sentence), time != reportedTime else { return }
            beginEpochIfNeeded(at: time, report)
        }
        merge(sentence)
        if type == cycleEnder, epoch.time != nil {
            reportedTime = epoch.time
            reportEpoch(report)
        }
    }

    /// Ends the stream: reports the epoch in progress, if it has a position, and forgets the
    /// learned cycle; the known date is kept.
    public mutating func finish(_ report: (Location) -> Void) {
        reportEpoch(report)
        reportedTime = nil
        cycleEnder = nil
        lastType = nil
    }

    /// Forgets everything, the known date included, as after switching to another receiver.
    public mutating func reset() {
        self = FixAssembler()
    }

    private mutating func beginEpochIfNeeded(at time: UTCTime, _ report: (Location) -> Void) {
        guard let current = epoch.time else {
            epoch.time = time
            return
        }
        guard current != time else { return }
        // The epoch ended without its cycle ender: the last sentence before this one is the
        // ender from now on.
        cycleEnder = lastType
        reportEpoch(report)
        reportedTime = nil
        epoch.time = time
    }

    /// Reports the epoch if it has a position and starts a fresh one.
    private mutating func reportEpoch(_ report: (Location) -> Void) {
        defer { epoch = Epoch() }
        guard epoch.coordinate != nil else {
            _ = resolveDay()
            return
        }
        if let location = epoch.location(on: resolveDay()) { report(location) }
    }

    /// The day of the epoch: its own RMC or ZDA date, else the last known day, advanced when
    /// the hour went backwards (midnight passed in a stream without dates).
    private mutating func resolveDay() -> CalendarDay? {
        guard let time = epoch.time else { return epoch.day }
        if let day = epoch.day {
            knownDay = (day, time.hour)
            return day
        }
        guard var known = knownDay else { return nil }
        if time.hour < known.hour { known.day = known.day.next }
        known.hour = time.hour
        knownDay = known
        return known.day
    }

    private mutating func merge(_ sentence: NMEASentence) {
        switch sentence.type {
        case .gga:
            if let gga = try? GGA(sentence) { epoch.merge(gga) }
        case .rmc:
            if let rmc = try? RMC(sentence) { epoch.merge(rmc) }
        case .gsa:
            if let dimension = sentence.gsaFixDimension { epoch.mode = FixMode(rawValue: dimension) }
        case .zda:
            if let day = sentence.zdaDay { epoch.day = day }
        default:
            break
        }
    }

    /// Whether sentences of this type are stamped with the epoch's time.
    private static func isTimed(_ type: SentenceType) -> Bool {
        type == .gga || type == .rmc || type == .zda || type == .gll
    }

    /// The UTC time of day a sentence is stamped with.
    private static func time(of sentence: NMEASentence) -> UTCTime? {
        sentence.utcTime(inField: sentence.type == .gll ? 4 : 0)
    }
}
