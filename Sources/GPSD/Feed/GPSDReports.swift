import GPSReader
import LocationTracking

/// gpsd's reports for each epoch of the pipeline: one TPV (`"mode":1` when the epoch had no
/// position) and one SKY (its satellites, when it listed them), in that order.
///
/// It remembers what a TPV takes from the epochs before it: the previous TPV for `climb`, and
/// the last satellite geometry for `epx` and `epy` (gpsd keeps its dilutions of precision until
/// a sky replaces them).
public struct GPSDReports: Sendable {
    /// One report.
    public enum Report: Sendable {
        case tpv(TPV)
        case sky(SKY)
    }

    /// The path reports name in `"device"`; `nil` leaves it out.
    public let device: String?
    /// The last TPV, for `climb`.
    private var previous: TPV?
    /// The geometry of the last sky that gave one.
    private var geometry: SatelliteGeometry?

    /// Reports with nothing seen yet, naming `device`.
    public init(device: String?) {
        self.device = device
    }

    /// Hands `report` the TPV and the SKY of `epoch`; the SKY's dilutions of precision are
    /// those of its own satellites.
    public mutating func add(_ epoch: EpochReport, _ report: (Report) -> Void) {
        let current = epoch.satellites.flatMap { SatelliteGeometry($0.satellites) }
        if let current { geometry = current }
        var tpv = epoch.location.map { TPV($0, device: device, previous: previous) } ?? TPV(device: device, time: epoch.timestamp)
        tpv.setHorizontalErrors(from: geometry)
        tpv.setRateErrors(after: previous)
        if let age = epoch.dgpsAge, let station = epoch.dgpsStation, age > 0.09 || station > 0 {
            tpv.dgpsAge = age
            tpv.dgpsStation = station
        }
        report(.tpv(tpv))
        report(.sky(SKY(epoch.satellites, location: epoch.location, time: epoch.timestamp, device: device, geometry: current)))
        previous = consume tpv
    }
}
