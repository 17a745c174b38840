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
        satellites.append(contentsOf: view.satellites)
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
}
