import FoundationEssentials
import GNSS
import LocationTracking
import NMEA

/// Collects one epoch's GSV sequences and GSA satellite lists into a `SatelliteView`.
///
/// A talker lists its satellites in a numbered sequence of GSV sentences (1 of 3, 2 of 3,
/// 3 of 3), one sequence per signal on NMEA 4.1 receivers. Only a complete sequence counts: a
/// part that is missing or out of order drops that sequence's satellites for the epoch, so a
/// view never mixes epochs or shows half a sky. The satellites of every GSA in the epoch (one
/// per constellation on NMEA 4.1 receivers) are united and mark the satellites used.
///
/// Storage is reused from epoch to epoch: once its buffers have grown to the receiver's sky,
/// assembling allocates nothing.
struct SkyAssembler {
    /// Satellites of the sequences completed this epoch, then those of the one in progress.
    private var satellites: [Satellite] = []
    /// Where each of `satellites` was listed.
    private(set) var listings: [SatelliteListing] = []
    /// The sequence in progress, if any.
    private var sequence: Sequence?
    /// Whether a sequence was completed this epoch (an empty sky is a view too).
    private var hasView = false
    /// Whether the view came from UBX (NAV-SAT, NAV-SVINFO), whose satellites say themselves
    /// whether they are used.
    private var isReceiverView = false
    /// Where NAV-SIG's signals are gathered before they replace the view; once they have, the
    /// satellites they replaced.
    private var signals: [Satellite] = []
    /// Whether NAV-SIG's signals replaced a NAV-SAT (or NAV-SVINFO) view this epoch, which
    /// `signals` then holds.
    private var signalsReplacedView = false
    /// The satellites GSA says are used, as `usedKey`s.
    private var used: [UInt32] = []
    /// The same, as the GSAs listed them, in order.
    private(set) var listed: [ListedSatellite] = []

    /// A satellite as one number, so that finding it among the used is one comparison per
    /// entry: its number in the low 16 bits (GSA's are two or three digits), and above them its
    /// system's `rawValue` + 1, or 0 when GSA did not say the system.
    private static func usedKey(_ constellation: Constellation?, _ id: UInt16) -> UInt32 {
        UInt32(constellation.map { $0.rawValue + 1 } ?? 0) << 16 | UInt32(id)
    }

    private struct Sequence {
        var talker: Talker
        var signal: UInt8?
        var count: Int
        var next: Int
        /// Where its satellites start in `satellites`.
        var start: Int
        /// Whether another sentence than a GSV came before its first.
        var opensListing: Bool
    }

    init() {
        satellites.reserveCapacity(64)
        listings.reserveCapacity(64)
        used.reserveCapacity(64)
        listed.reserveCapacity(64)
    }

    /// The number of satellites GSA listed as used this epoch, or `nil` when no GSA listed any.
    var usedCount: Int? { used.isEmpty ? nil : used.count }

    /// Adds one GSV sentence from `talker`, which followed another sentence than a GSV when
    /// `afterOtherSentence`; true when it completed its sequence.
    @discardableResult
    mutating func merge(_ gsv: GSV, talker: Talker, afterOtherSentence: Bool = false) -> Bool {
        guard let count = gsv.sentenceCount, let number = gsv.sentenceNumber, (1...count).contains(number) else {
            dropSequence()
            return false
        }
        if number == 1 {
            dropSequence()
            sequence = Sequence(
                talker: talker, signal: gsv.signalID, count: count, next: 1, start: satellites.count, opensListing: afterOtherSentence)
        }
        guard var current = sequence, current.talker == talker, current.signal == gsv.signalID,
              current.count == count, current.next == number else {
            dropSequence()
            return false
        }
        let system = Constellation(talker: talker)
        for satellite in gsv.satellites {
            guard let id = satellite.id else { continue }
            satellites.append(Satellite(
                constellation: system ?? Constellation(sharedNumbering: id), id: id, signal: gsv.signalID,
                elevation: satellite.elevation.map(Double.init), azimuth: satellite.azimuth.map(Double.init),
                signalStrength: satellite.snr))
            listings.append(SatelliteListing(talker: talker, sentence: number, opensListing: current.opensListing))
        }
        current.next += 1
        guard current.next > count else {
            sequence = current
            return false
        }
        sequence = nil
        hasView = true
        return true
    }

    /// Adds the satellites one GSA from `talker` says are used.
    mutating func merge(_ gsa: GSA, talker: Talker) {
        // GSA's system ID, else the talker's own constellation, else (GP) the number's; a GN
        // talker without a system ID leaves it unknown.
        let system = gsa.constellation ?? Constellation(talker: talker)
        let numbered = talker != .gnss
        for id in gsa.satellitesUsed {
            guard id > 0, let number = UInt16(exactly: id) else { continue }
            listed.append(ListedSatellite(talker: talker, id: id))
            let key = Self.usedKey(system ?? (numbered ? Constellation(sharedNumbering: id) : nil), number)
            if !used.contains(key) { used.append(key) }
        }
    }

    /// The epoch's view, with the used satellites marked, or `nil` when no sequence was complete.
    /// Call `clear()` once the view has been used: the view shares this assembler's storage
    /// until then, so clearing earlier would copy it.
    mutating func finishEpoch(timestamp: Date?) -> SatelliteView? {
        dropSequence()
        guard hasView else { return nil }
        if isReceiverView { return SatelliteView(satellites: satellites, timestamp: timestamp) }
        let used = used
        // Through the buffer: one uniqueness check for the view, not one per satellite.
        satellites.withUnsafeMutableBufferPointer { view in
            for index in view.indices { view[index].isUsed = Self.isUsed(view[index].constellation, view[index].id, in: used) }
        }
        return SatelliteView(satellites: satellites, timestamp: timestamp)
    }

    /// The receiver's view of satellites (NAV-SAT, NAV-SVINFO) that NAV-SIG's signals replaced
    /// this epoch, or `nil` when none did. Shares this assembler's storage until `clear()`, as
    /// `finishEpoch(timestamp:)`'s view does.
    func viewReplacedBySignals(timestamp: Date?) -> SatelliteView? {
        signalsReplacedView ? SatelliteView(satellites: signals, timestamp: timestamp) : nil
    }

    /// Whether GSA listed the satellite `number` of `constellation`: its number, with its system
    /// or without one. (Given these two, not the satellite: its 136 bytes are not copied.)
    private static func isUsed(_ constellation: Constellation, _ number: Int, in used: [UInt32]) -> Bool {
        guard let id = UInt16(exactly: number) else { return false }
        let withSystem = usedKey(constellation, id)
        let withoutSystem = usedKey(nil, id)
        return used.contains { $0 == withSystem || $0 == withoutSystem }
    }

    private mutating func dropSequence() {
        guard let current = sequence else { return }
        satellites.removeSubrange(current.start...)
        listings.removeSubrange(current.start...)
        sequence = nil
    }

    /// Starts the next epoch empty, keeping the storage.
    mutating func clear() {
        satellites.removeAll(keepingCapacity: true)
        listings.removeAll(keepingCapacity: true)
        used.removeAll(keepingCapacity: true)
        listed.removeAll(keepingCapacity: true)
        sequence = nil
        hasView = false
        isReceiverView = false
        signalsReplacedView = false
    }

    /// Takes the satellites of a UBX sky message (NAV-SAT, NAV-SVINFO) as the epoch's view, in
    /// place of any GSV sequence: the receiver's own list, each satellite saying whether it is
    /// used.
    mutating func mergeReceiverView(_ view: some Swift.Sequence<Satellite>) {
        satellites.removeAll(keepingCapacity: true)
        listings.removeAll(keepingCapacity: true)
        sequence = nil
        satellites.append(contentsOf: view)
        hasView = true
        isReceiverView = true
        signalsReplacedView = false
    }
}

extension SkyAssembler {
    /// Takes NAV-SIG's signals as the epoch's view, one entry per satellite and signal, each
    /// with the elevation and azimuth of its satellite in the NAV-SAT before it (NAV-SIG has
    /// none), as gpsd master lists them. The view they replace is kept for the epoch
    /// (`viewReplacedBySignals(timestamp:)`): gpsd master reports it before the signals.
    mutating func mergeReceiverSignals(_ view: some Swift.Sequence<Satellite>) {
        let replacesView = hasView && isReceiverView && !signalsReplacedView
        signals.removeAll(keepingCapacity: true)
        for var signal in view {
            if let satellite = satellites.first(where: { $0.constellation == signal.constellation && $0.id == signal.id }) {
                signal.elevation = satellite.elevation
                signal.azimuth = satellite.azimuth
                signal.isSatelliteUsed = satellite.isUsed
            }
            signals.append(signal)
        }
        swap(&satellites, &signals)
        if !replacesView { signals.removeAll(keepingCapacity: true) }
        signalsReplacedView = replacesView
        listings.removeAll(keepingCapacity: true)
        sequence = nil
        hasView = true
        isReceiverView = true
    }
}
