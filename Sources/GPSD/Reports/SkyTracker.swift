import GNSS
import GPSReader
import LocationTracking

/// The satellites as gpsd 3.22's clients see them: gpsd's list of satellites in view, kept
/// through the epochs that list none (gpsd writes no SKY then, and a client keeps its last
/// one), numbered and marked used as gpsd does.
///
/// gpsd adds each GSV sequence to one list, which it starts afresh at the first sentence of a
/// sequence that follows another sentence than a GSV (`last_gsv_talker` is cleared by every
/// other sentence), and at the first sentence of a GPS sequence of the L1 signal (`GPGSV` part
/// 1, signal 1 or none): a receiver's second GPS sequence (another signal) replaces the first,
/// a receiver without GPS sequences (`GNGSV`, `BDGSV` alone) lists each epoch's sky afresh, and
/// the list goes on across epochs, so an epoch that ends at its first GSV sequence still shows
/// the whole sky. An epoch's SKY shows
/// the fullest list gpsd showed during the epoch. A satellite is used when it has a signal
/// (`ss` above 0) and its `PRN` is among those the last GSA sentences listed, numbered gpsd's
/// way (`GPSDSatelliteNumbering`); a receiver's GSAs are kept until it sends others.
///
/// The buffers are reused from epoch to epoch: once grown to the receiver's sky, tracking
/// allocates nothing (unless a report holding the last satellites is kept, which then costs
/// one copy).
struct SkyTracker {
    /// The satellites shown: the fullest list of the last epoch with a view, marked used.
    private(set) var satellites: [Satellite] = []
    /// gpsd's list as the last view left it.
    private var list: [Satellite] = []
    /// The `PRN`s the last GSAs listed.
    private var usedPRNs = UsedPRNs()

    init() {
        satellites.reserveCapacity(64)
        list.reserveCapacity(64)
    }

    /// Takes in an epoch: its GSA lists, when it had any, then its view, when it had one.
    ///
    /// - Parameters:
    ///   - epoch: The epoch.
    ///   - hasNavigation: Whether the epoch has a u-blox solution (`epoch.navigation`, 321
    ///     bytes, which its caller has read already).
    /// - Returns: Whether the epoch had a view of its own.
    mutating func update(with epoch: EpochReport, hasNavigation: Bool) -> Bool {
        let listedSatellites = epoch.listedSatellites
        if !listedSatellites.isEmpty {
            usedPRNs.removeAll()
            for listed in listedSatellites {
                usedPRNs.insert(GPSDSatelliteNumbering.usedPRN(talker: listed.talker, id: listed.id))
            }
        }
        guard let view = epoch.satellites?.satellites else { return false }
        satellites.removeAll(keepingCapacity: true)
        let satelliteListings = epoch.satelliteListings
        satelliteListings.withUnsafeBufferPointer { listings in
            view.withUnsafeBufferPointer { view in
                guard listings.count == view.count else {
                    list.removeAll(keepingCapacity: true)
                    list.append(contentsOf: view)
                    return
                }
                for index in view.indices {
                    if Self.restartsList(at: index, view, listings) {
                        if index > 0 { showList() }
                        list.removeAll(keepingCapacity: true)
                    }
                    list.append(GPSDSatelliteNumbering.numbered(view[index], listedBy: listings[index]))
                }
            }
        }
        showList()
        // A u-blox receiver's sky says itself which satellites are used (NAV-SAT, NAV-SIG,
        // NAV-SVINFO); an NMEA receiver's, through its GSAs.
        if !hasNavigation || !satelliteListings.isEmpty { markUsed() }
        return true
    }

    /// Shows gpsd's list as it is when it is at least as full as the list shown so far this
    /// epoch.
    private mutating func showList() {
        guard list.count >= satellites.count else { return }
        satellites.removeAll(keepingCapacity: true)
        satellites.append(contentsOf: list)
    }

    private mutating func markUsed() {
        let used = usedPRNs
        satellites.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let prn = buffer[index].number.gpsdPRN
                let strength = buffer[index].signalStrength ?? 0
                guard prn > 0, strength > 0 else {
                    buffer[index].isUsed = false
                    continue
                }
                buffer[index].isUsed = used.contains(prn)
            }
        }
    }

    /// Whether the satellite at `index` starts gpsd's list afresh: the first of a sequence that
    /// followed another sentence than a GSV, or of a GPS sequence of the L1 signal (listed by
    /// `GP`), in a sequence's first sentence, after another talker's, another signal's or a
    /// later sentence's satellite (or first in the view).
    @inline(__always)
    private static func restartsList(
        at index: Int, _ satellites: UnsafeBufferPointer<Satellite>, _ listings: UnsafeBufferPointer<SatelliteListing>
    ) -> Bool {
        let listing = listings[index]
        guard listing.sentence == 1, listing.opensListing || listing.talker == .gps
                && SatelliteNumber.ubloxSignalID(nmeaSignalID: satellites[index].signal ?? 0) == 0 else { return false }
        guard index > 0 else { return true }
        let previous = listings[index - 1]
        return previous.sentence != 1 || previous.talker != listing.talker || satellites[index - 1].signal != satellites[index].signal
    }
}
