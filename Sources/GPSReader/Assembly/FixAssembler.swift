import FoundationEssentials
import GNSS
import LocationTracking
import NMEA

/// Turns a stream of NMEA sentences into one `EpochReport` per epoch, the way gpsd does.
///
/// Sentences with the same UTC time of day (GGA, RMC, GNS, GLL, ZDA, GST, GBS, PSTI,030) form an epoch and
/// merge into one `Location` (see `Epoch` for which sentence gives what); sentences without a
/// time (GSA, GSV, VTG, PGRME, and HDT from a heading sensor) join the epoch they arrive in. An epoch is reported when it is
/// complete: when the sentence that ended the previous epoch (the *cycle ender*, learned as
/// gpsd learns it) arrives again, or else when the time changes, when the line goes quiet
/// (`endEpoch(_:)`), or at `finish(_:)`.
///
/// The date comes from RMC or ZDA in the epoch, or is carried forward from the last one seen;
/// when a stream without dates (GGA only) wraps from a later hour to an earlier one, the day
/// advances, as gpsd 3.22 does. A fix gets a `timestamp` only once a date is known.
///
/// Every epoch with a time is reported, with or without a position: its `location` is `nil`
/// when no sentence gave one, and otherwise kept valid or not (RMC status `V`, GGA quality 0,
/// GSA mode 1, mode letter `N`, simulated positions): `AppLocationManager` drops the ones that
/// are not fixes. Its `satellites` are the complete GSV sequences of the epoch, with GSA's
/// satellites marked used. A sentence that fails to decode is skipped; the rest of the epoch
/// counts.
///
/// ```swift
/// var assembler = FixAssembler()
/// framer.append(chunk) { result in
///     if case .success(let sentence) = result {
///         assembler.consume(sentence) { epoch in use(epoch.location) }
///     }
/// }
/// ```
///
/// - Complexity: O(1) per sentence beyond decoding it (O(satellites) for GSV and GSA); no heap
///   allocation once the satellite buffers have grown to the receiver's sky.
public struct FixAssembler: Sendable {
    var epoch = Epoch()
    var sky = SkyAssembler()
    /// The time of the last epoch reported early, by its cycle ender or `endEpoch(_:)`: late
    /// sentences with that time are ignored rather than starting a new epoch.
    var reportedTime: UTCTime?
    /// Whether the last epoch was ended by `endEpoch(_:)` and no new time has come since.
    var isAfterQuiet = false
    /// The sentence type that completes an epoch, once learned.
    private var cycleEnder: SentenceType?
    private var lastType: SentenceType?
    /// Whether the last sentence of any kind was a GSV, as gpsd remembers it
    /// (`last_gsv_talker`): a GSV sequence after another sentence opens the sky's listing.
    private var isAfterGSV = false
    /// The last calendar day known, and the time of day it was known at.
    private var knownDay: (day: CalendarDay, hour: UInt8)?
    /// The time of week of the last epoch reported early (by NAV-EOE or `endEpoch(_:)`): late
    /// UBX messages of it are ignored rather than starting a new epoch.
    var reportedTimeOfWeek: UInt32?
    /// Whether the receiver sends UBX navigation messages: its epochs then end at a new time
    /// of week, at NAV-EOE or at the quiet line, never at a learned NMEA cycle ender, which
    /// would split an epoch whose UBX messages follow its sentences.
    var speaksUBX = false
    /// GPS − UTC, seconds, as the receiver last said it (NAV-TIMEGPS); kept across epochs.
    var leapSeconds: Int?
    /// The quality of the last NAV-PVT: the corrections that HNR-PVT's epochs between
    /// navigation solutions keep.
    var navigationQuality: FixQuality?

    /// The storage of the last epoch's report, which the next epoch's reuses once no one holds
    /// that report any more: an epoch allocates no report.
    var reportStorage: EpochReport.Storage?

    /// What has been decoded, rejected and reported so far.
    public internal(set) var statistics = Statistics()

    /// Creates an assembler with nothing learned yet.
    public init() {}

    /// Whether an epoch with a time is in progress: one that `endEpoch(_:)` or `finish(_:)`
    /// would report. False right after a cycle ender completed the last one.
    public var hasEpochInProgress: Bool { epoch.time != nil }

    /// Feeds one sentence; calls `report` for each epoch it completes (none, one, or rarely
    /// two when the first epoch's end and a complete cycle coincide), oldest first.
    ///
    /// - Parameters:
    ///   - sentence: A checksum-validated sentence from `NMEAFramer`.
    ///   - report: Receives the completed epochs.
    public mutating func consume(_ sentence: NMEASentence, _ report: (EpochReport) -> Void) {
        let type = sentence.type
        let afterOtherSentence = !isAfterGSV
        isAfterGSV = type == .gsv
        // A heading sensor (HDT) sends at its own rate and without a time: its heading joins
        // the epoch in progress, the newest winning, but it says nothing about where an epoch
        // ends, so the cycle is learned without it.
        if type == .hdt {
            if let hdt = decode(sentence, as: HDT.self) { epoch.merge(hdt) }
            return
        }
        // Only the sentences that make a fix count for the cycle: a multiplexer interleaves
        // depth and wind sentences that say nothing about where an epoch ends.
        guard Self.isAssembled(sentence) else { return }
        defer { lastType = type }
        switch type {
        case .gga:
            guard let gga = decode(sentence, as: GGA.self), place(at: gga.time, report) else { return }
            epoch.merge(gga)
        case .rmc:
            guard let rmc = decode(sentence, as: RMC.self), place(at: rmc.time, report) else { return }
            epoch.merge(rmc)
        case .gns:
            guard let gns = decode(sentence, as: GNS.self), place(at: gns.time, report) else { return }
            epoch.merge(gns)
        case .gll:
            guard let gll = decode(sentence, as: GLL.self), place(at: gll.time, report) else { return }
            epoch.merge(gll)
        case .zda:
            guard let zda = decode(sentence, as: ZDA.self), place(at: zda.time, report) else { return }
            epoch.merge(zda)
        case .gst:
            guard let gst = decode(sentence, as: GST.self), place(at: gst.time, report) else { return }
            epoch.merge(gst)
        case .gbs:
            guard let gbs = decode(sentence, as: GBS.self), place(at: gbs.time, report) else { return }
            epoch.merge(gbs)
        case .gsa:
            guard let gsa = decode(sentence, as: GSA.self) else { return }
            epoch.merge(gsa)
            sky.merge(gsa, talker: sentence.talker)
        case .gsv:
            // A GSV ends a cycle only as the last part of its sequence.
            guard let gsv = decode(sentence, as: GSV.self), sky.merge(gsv, talker: sentence.talker, afterOtherSentence: afterOtherSentence) else { return }
        case .vtg:
            guard let vtg = decode(sentence, as: VTG.self) else { return }
            epoch.merge(vtg)
        case .garmin:
            guard let pgrme = decode(sentence, as: PGRME.self) else { return }
            epoch.merge(pgrme)
        case .skyTraq:
            guard let psti = decode(sentence, as: PSTI030.self), place(at: psti.time, report) else { return }
            epoch.merge(psti)
        default:
            return
        }
        if type == cycleEnder, epoch.time != nil, !speaksUBX {
            reportedTime = epoch.time
            reportEpoch(report)
        }
    }

    /// Ends the epoch in progress because the line went quiet: a receiver sends each epoch as
    /// one burst, so when the bytes stop the epoch is complete, and waiting for the next burst
    /// would present an old fix as new. Reports the epoch, if it has a time.
    ///
    /// A sentence with the reported epoch's time that arrives later is ignored, so the epoch is
    /// never reported twice nor mixed into the next; sentences without a time (GSA, GSV, VTG)
    /// join the next epoch, as after a cycle ender, and so do any that came before the quiet
    /// while no epoch had a time. The learned cycle and the date are kept, and the cycle is
    /// still learned across the quiet: the last sentence before the next epoch's time becomes
    /// the ender, as when the time changes.
    ///
    /// - Parameter report: Receives the epoch, if one was in progress.
    public mutating func endEpoch(_ report: (EpochReport) -> Void) {
        guard let time = epoch.time else { return }
        reportedTime = time
        reportedTimeOfWeek = epoch.ubx?.solution.timeOfWeek
        isAfterQuiet = true
        reportEpoch(report)
    }

    /// Ends the stream: reports the epoch in progress, if it has a time, and forgets the
    /// learned cycle; the known date is kept.
    public mutating func finish(_ report: (EpochReport) -> Void) {
        reportEpoch(report)
        reportedTime = nil
        reportedTimeOfWeek = nil
        isAfterQuiet = false
        cycleEnder = nil
        lastType = nil
        isAfterGSV = false
        speaksUBX = false
    }

    /// Forgets everything, the known date and the statistics included, as after switching to
    /// another receiver.
    public mutating func reset() {
        self = FixAssembler()
    }

    /// Places a timed sentence in an epoch, ending the one in progress when the time changed;
    /// false when it cannot be placed: it has no time (an empty one while the receiver starts),
    /// or its epoch was already reported (it arrives too late).
    private mutating func place(at time: UTCTime?, _ report: (EpochReport) -> Void) -> Bool {
        guard let time, time != reportedTime else { return false }
        if let current = epoch.time {
            guard current != time else { return true }
            learnCycleEnder()
            reportEpoch(report)
            reportedTime = nil
        } else if isAfterQuiet {
            // The epoch ended at the quiet line would have ended here without it.
            learnCycleEnder()
        }
        isAfterQuiet = false
        epoch.time = time
        return true
    }

    /// The epoch ended without its cycle ender: the last sentence before this one is the ender
    /// from now on. Not a GSA, though: receivers that send one per constellation would end the
    /// epoch at the first.
    private mutating func learnCycleEnder() {
        cycleEnder = lastType == .gsa ? nil : lastType
    }

    /// Reports the epoch, if it has a time, and starts a fresh one.
    mutating func reportEpoch(_ report: (EpochReport) -> Void) {
        defer {
            epoch = Epoch()
            EpochReport.releaseSatellites(of: &reportStorage)
            sky.clear()
        }
        let day = resolveDay()
        guard let time = epoch.time else { return }
        let timestamp = day.map { Date(timeIntervalSince1970: Double($0.daysSinceEpoch) * 86_400 + time.secondsSinceMidnight) }
        let location = epoch.location(at: timestamp, satellitesListedAsUsed: sky.usedCount)
        statistics.epochs += 1
        let satellites = sky.finishEpoch(timestamp: timestamp)
        // Built in the call: the report shares the sky's buffers, and must be gone before
        // `clear()` empties them, or they would be copied.
        report(EpochReport(EpochReport.Values(
            time: time, timestamp: timestamp, location: location, satellites: satellites,
            satellitesBeforeSignals: sky.viewReplacedBySignals(timestamp: timestamp),
            satelliteListings: satellites == nil ? [] : sky.listings, listedSatellites: sky.listed,
            magneticCourse: epoch.magneticCourse, expectedErrors: epoch.expectedErrors, estimatedErrors: epoch.estimatedErrors,
            velocity: epoch.velocity, dgpsAge: epoch.dgps?.age, dgpsStation: epoch.dgps?.station,
            navigation: epoch.ubx?.solution), reusing: &reportStorage))
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

    /// Whether the sentence goes into an epoch: of the proprietary ones, those that carry a
    /// fix's errors (Garmin's PGRME) or its velocity (SkyTraq's PSTI,030), as gpsd reads them.
    private static func isAssembled(_ sentence: NMEASentence) -> Bool {
        switch sentence.type {
        case .gga, .rmc, .gns, .gll, .zda, .gst, .gbs, .gsa, .gsv, .vtg: true
        case .garmin: sentence.address.equals("PGRME")
        case .skyTraq: sentence.address.equals("PSTI") && sentence.field(at: 0)?.equals("030") == true
        default: false
        }
    }
}
