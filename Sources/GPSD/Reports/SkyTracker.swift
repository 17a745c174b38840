import GNSS
import GPSReader
import LocationTracking

/// The satellites as gpsd 3.22's clients see them: the last complete view, kept through the
/// epochs that list none (gpsd writes no SKY then, and a client keeps its last one), with
/// gpsd's `used`.
///
/// gpsd marks a satellite of a GSV sentence used when it has a signal (`ss` above 0) and its
/// `PRN` is among those the last GSA sentences listed, numbered gpsd's way
/// (`GPSDSatelliteNumbering`); a receiver's GSAs are kept until it sends others. The buffers
/// are reused from epoch to epoch: once grown to the receiver's sky, tracking allocates
/// nothing (unless a report holding the last satellites is kept, which then costs one copy).
struct SkyTracker {
    /// The satellites of the last view, marked used as gpsd marks them; empty until a view.
    private(set) var satellites: [Satellite] = []
    /// Whether a view has been seen.
    private(set) var hasView = false
    /// The `PRN`s the last GSAs listed.
    private var usedPRNs: [Int] = []

    init() {
        satellites.reserveCapacity(64)
        usedPRNs.reserveCapacity(64)
    }

    /// Takes in an epoch: its GSA lists, when it had any, then its view, when it had one.
    ///
    /// - Returns: Whether the epoch had a view of its own.
    mutating func update(with epoch: EpochReport) -> Bool {
        if !epoch.listedSatellites.isEmpty {
            usedPRNs.removeAll(keepingCapacity: true)
            for listed in epoch.listedSatellites {
                usedPRNs.append(GPSDSatelliteNumbering.usedPRN(talker: listed.talker, id: listed.id))
            }
        }
        guard let view = epoch.satellites else { return false }
        hasView = true
        satellites.removeAll(keepingCapacity: true)
        let listings = epoch.satelliteListings
        let shown = listings.count == view.satellites.count
            ? Self.fullestList(view.satellites, listings) : view.satellites.indices
        for index in shown {
            satellites.append(index < listings.count
                ? GPSDSatelliteNumbering.numbered(view.satellites[index], listedBy: listings[index]) : view.satellites[index])
        }
        let used = usedPRNs
        satellites.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let prn = buffer[index].number.gpsdPRN
                let strength = buffer[index].signalStrength ?? 0
                buffer[index].isUsed = prn > 0 && strength > 0 && used.contains(prn)
            }
        }
        return true
    }

    /// The satellites of the fullest list gpsd showed during the epoch: gpsd starts its list
    /// afresh at the first sentence of a GPS sequence of the L1 signal (`GPGSV` part 1, signal
    /// 1 or none), so a receiver's second GPS sequence (another signal) replaces the first, and
    /// an epoch that holds the end of one cycle's sky and the start of the next showed two lists.
    private static func fullestList(_ satellites: [Satellite], _ listings: [SatelliteListing]) -> Range<Int> {
        var fullest = 0..<0
        var start = 0
        for index in satellites.indices where index > start && startsGPSList(at: index, satellites, listings) {
            if index - start >= fullest.count { fullest = start..<index }
            start = index
        }
        if satellites.count - start >= fullest.count { fullest = start..<satellites.count }
        return fullest
    }

    /// Whether the satellite at `index` is the first of a GPS L1 sequence: listed by `GP` in a
    /// sequence's first sentence, after another talker's, another signal's or a later
    /// sentence's satellite.
    private static func startsGPSList(at index: Int, _ satellites: [Satellite], _ listings: [SatelliteListing]) -> Bool {
        let listing = listings[index], previous = listings[index - 1]
        guard listing.sentence == 1, listing.talker == .gps,
              SatelliteNumber.ubloxSignalID(nmeaSignalID: satellites[index].signal ?? 0) == 0 else { return false }
        return previous.sentence != 1 || previous.talker != listing.talker || satellites[index - 1].signal != satellites[index].signal
    }
}
