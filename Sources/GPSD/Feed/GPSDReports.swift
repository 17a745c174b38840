import FoundationEssentials
import GPSReader
import LocationTracking

/// gpsd's reports for each epoch of the pipeline: one TPV (`"mode":1` when the epoch had no
/// position) and one SKY (its satellites, when it listed them), in that order. Where a u-blox
/// receiver's NAV-SIG replaced its NAV-SAT view (`EpochReport.satellitesBeforeSignals`), a SKY
/// of NAV-SAT's satellites, with the dilutions of their geometry, comes between them, as gpsd
/// master reports each message; the epoch's SKY stays the last. A u-blox high-rate solution
/// (HNR-PVT) has no SKY, and a u-blox SKY's `time` is that of the last view of the satellites,
/// none before the first, as gpsd master writes them.
///
/// It remembers what a report takes from the epochs before it: the previous TPV for `climb`,
/// `eps` and `epc` (and, for a u-blox high-rate solution, what gpsd master carries into it from
/// the report before: `TPV.carryForHighRate(from:dilutions:)`, with the last NAV-DOP's
/// dilutions), the last view's satellites for the SKY and their geometry for `epx` and
/// `epy` (gpsd keeps its dilutions of precision until a view replaces them), and the last
/// HDOP, VDOP and PDOP an NMEA receiver sent (gpsd keeps them until the receiver sends others,
/// and its error model and SKY read them in epochs without a GSA).
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
    /// The geometry of the last view's satellites used, when they gave one.
    private var geometry: SatelliteGeometry?
    /// The last view, as gpsd's clients see it.
    private var sky = SkyTracker()
    /// When the last view was, which a u-blox receiver's SKYs are stamped with: gpsd master
    /// writes a SKY's `time` as its satellites' (`skyview_time`), none before the first view.
    private var viewTime: Date?
    /// The last HDOP, VDOP and PDOP the receiver sent in NMEA.
    private var sentDilutions: (hdop: Double?, vdop: Double?, pdop: Double?) = (nil, nil, nil)
    /// The dilutions of the last u-blox navigation solution that gave them (NAV-DOP), which
    /// gpsd master's error model reads for the high-rate solutions after it.
    private var navigationDilutions: NavigationSolution.Dilutions?

    /// Reports with nothing seen yet, naming `device`.
    public init(device: String?) {
        self.device = device
    }

    /// Hands `report` the TPV and the SKY of `epoch` (for a u-blox epoch, as the type describes:
    /// a SKY of NAV-SAT's view first where NAV-SIG replaced it, none after an HNR-PVT). The SKY
    /// lists the last satellites seen (`SkyTracker`), with the dilutions of precision of their
    /// geometry, as gpsd's clients keep gpsd's last SKY.
    public mutating func add(_ epoch: EpochReport, _ report: (Report) -> Void) {
        add(epoch, tpv: { report(.tpv($0)) }, sky: { report(.sky($0)) })
    }

    /// The same, each report lent to `tpv` or `sky` as it is made rather than copied into a
    /// `Report`: a TPV is 577 bytes, and the JSON sink writes it where it is.
    ///
    /// The epoch's u-blox solution (321 bytes) is read once: every `epoch.navigation` is a
    /// copy of it.
    mutating func add(_ epoch: EpochReport, tpv reportTPV: (TPV) -> Void, sky reportSKY: (SKY) -> Void) {
        let navigation = epoch.navigation
        let hasNavigation: Bool, fixMessage: NavigationSolution.FixMessage?, dilutions: NavigationSolution.Dilutions?
        if let navigation {
            (hasNavigation, fixMessage, dilutions) = (true, navigation.fixMessage, navigation.dilutions)
        } else {
            (hasNavigation, fixMessage, dilutions) = (false, nil, nil)
        }
        // gpsd computes the geometry when a view completes; without four usable satellites it
        // has none until the next view.
        if sky.update(with: epoch, hasNavigation: hasNavigation) {
            geometry = SatelliteGeometry(sky.satellites)
            viewTime = epoch.timestamp ?? epoch.location?.timestamp
        }
        // The location (257 bytes) is bound once and read only here: every use of an optional
        // this size copies it. What the SKY and the speed error take from it is kept aside.
        var tpv: TPV
        let fix: SKY.FixFigures?, speedAccuracy: Double?
        if var location = epoch.location {
            if !hasNavigation { applySentDilutions(to: &location) }
            tpv = TPV(location, device: device, previous: previous)
            if let navigation { tpv.setNavigation(navigation, location: location) }
            (fix, speedAccuracy) = (SKY.FixFigures(location), location.speedAccuracy)
        } else {
            tpv = TPV(device: device, time: epoch.timestamp)
            if let navigation { tpv.setNavigation(navigation, location: nil) }
            (fix, speedAccuracy) = (nil, nil)
        }
        if hasNavigation {
            // A u-blox receiver's east and north errors are its NAV-DOP's, or none.
            if fixMessage == .hnrPVT {
                tpv.carryForHighRate(from: previous, dilutions: navigationDilutions)
            } else if let dilutions {
                navigationDilutions = dilutions
            }
        } else {
            tpv.setHorizontalErrors(from: geometry)
            if let velocity = epoch.velocity { tpv.setVelocity(velocity) }
        }
        if let errors = epoch.expectedErrors { tpv.setErrors(expected: errors) }
        if let errors = epoch.estimatedErrors { tpv.setErrors(estimated: errors) }
        // gpsd takes the receiver's own magnetic course (VTG's) over track plus variation.
        if let course = epoch.magneticCourse, tpv.mode >= 2 { tpv.magneticTrack = course }
        tpv.setRateErrors(after: previous)
        let reportedAtOnce = fixMessage == .navSOL || fixMessage == .hnrPVT
        tpv.setSpeedError(speedAccuracy, overModel: reportedAtOnce)
        if let age = epoch.dgpsAge, let station = epoch.dgpsStation, age > 0.09 || station > 0 {
            tpv.dgpsAge = age
            tpv.dgpsStation = station
        }
        reportTPV(tpv)
        previous = consume tpv
        // gpsd master writes no SKY for a high-rate solution (HNR-PVT): it has no sky.
        guard fixMessage != .hnrPVT else { return }
        let skyTime = hasNavigation ? viewTime : epoch.timestamp ?? epoch.location?.timestamp
        if hasNavigation, let view = epoch.satellitesBeforeSignals?.satellites {
            reportSKY(SKY(view, location: nil, time: skyTime, device: device, geometry: SatelliteGeometry(view)))
        }
        var skyReport = SKY(sky.satellites, fix: fix, time: skyTime, device: device, geometry: geometry)
        if let dilutions { skyReport.setDilutions(dilutions) }
        reportSKY(skyReport)
    }

    /// Gives `location` the dilutions the receiver sent last where its epoch sent none, and
    /// remembers those it sent.
    private mutating func applySentDilutions(to location: inout Location) {
        sentDilutions = (location.hdop ?? sentDilutions.hdop, location.vdop ?? sentDilutions.vdop, location.pdop ?? sentDilutions.pdop)
        (location.hdop, location.vdop, location.pdop) = sentDilutions
    }
}
