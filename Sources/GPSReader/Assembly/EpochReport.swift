import FoundationEssentials
import GNSS
import LocationTracking
import NMEA
import SerialPort

/// What the receiver said in one epoch (one UTC time of day): its fix, if it gave a position,
/// and its sky, if it listed the satellites in view.
///
/// `FixAssembler` reports one per epoch that has a time, with or without a fix, so a consumer
/// that must see every epoch (a recorder, gpsd's JSON) sees the ones without a position too.
public struct EpochReport: Hashable, Sendable {
    /// The UTC time of day the epoch's sentences were stamped with.
    public var time: UTCTime

    /// The receiver's UTC date and time of the epoch; `nil` until a date is known (RMC or ZDA).
    public var timestamp: Date?

    /// The fix, valid or not (see `Location.isValidFix`); `nil` when no sentence of the epoch
    /// gave a position.
    public var location: Location?

    /// The satellites in view, from every talker whose GSV sequence was complete in the epoch;
    /// `nil` when none was.
    public var satellites: SatelliteView?

    /// The satellites of the receiver's own view (u-blox NAV-SAT), where NAV-SIG's signals of
    /// the same epoch replaced them in `satellites` (one entry per signal); `nil` otherwise.
    /// gpsd master reports this view and then the signals, a SKY each.
    public var satellitesBeforeSignals: SatelliteView?

    /// The system time (`CLOCK_REALTIME`) at which the first byte of the epoch's burst arrived
    /// (the first chunk after a silent line, `EpochStream.burstGap`), as the source stamped it
    /// when `poll` saw it ready: what a time service compares the receiver's time with, since the
    /// line's pace and the sentences' lengths do not move it. `nil` where the bytes were not
    /// read live (a capture, a gpsd).
    public var firstByteTime: SystemTime?

    /// Where each satellite of `satellites` was listed, in the same order; empty without a view.
    public var satelliteListings: [SatelliteListing] = []

    /// The satellites the epoch's GSA sentences listed as used, as they numbered them, in
    /// order; empty when none did.
    public var listedSatellites: [ListedSatellite] = []

    /// The course over ground from magnetic north, degrees, as VTG gave it; `nil` when it gave
    /// none.
    public var magneticCourse: Double?

    /// The errors the receiver expects of the fix (GBS of the epoch's time); `nil` without one.
    public var expectedErrors: ExpectedErrors?

    /// The errors the receiver estimates for its position (Garmin's PGRME); `nil` without them.
    public var estimatedErrors: EstimatedPositionErrors?
    /// The velocity north, east and down a sentence gave (SkyTraq's PSTI,030, from its east,
    /// north and up components), metres per second; `nil` when none did.
    public var velocity: NavigationSolution.Velocity?
    /// The age of the differential corrections, seconds, as GGA gave it; `nil` when it left
    /// the field empty.
    public var dgpsAge: Double?

    /// The differential reference station (0–1023), as GGA gave it; `nil` when it left the
    /// field empty.
    public var dgpsStation: Int?

    /// What the receiver's u-blox navigation messages said beyond the fix (fix type, height
    /// above the ellipsoid, velocity, time accuracy); `nil` for an epoch of NMEA alone.
    public var navigation: NavigationSolution?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - time: The UTC time of day of the epoch.
    ///   - timestamp: Its UTC date and time, when the date is known.
    ///   - location: The fix, when the epoch had a position.
    ///   - satellites: The satellites in view, when the epoch listed them.
    public init(time: UTCTime, timestamp: Date? = nil, location: Location? = nil, satellites: SatelliteView? = nil) {
        self.time = time
        self.timestamp = timestamp
        self.location = location
        self.satellites = satellites
    }

    /// A report with everything the assembler knows of the epoch.
    init(
        time: UTCTime, timestamp: Date?, location: Location?, satellites: SatelliteView?,
        satelliteListings: [SatelliteListing], listedSatellites: [ListedSatellite], magneticCourse: Double?,
        expectedErrors: ExpectedErrors?, dgpsAge: Double?, dgpsStation: Int?, navigation: NavigationSolution?,
        estimatedErrors: EstimatedPositionErrors? = nil, velocity: NavigationSolution.Velocity? = nil,
        satellitesBeforeSignals: SatelliteView? = nil
    ) {
        self.init(time: time, timestamp: timestamp, location: location, satellites: satellites)
        self.satelliteListings = satelliteListings
        self.listedSatellites = listedSatellites
        self.magneticCourse = magneticCourse
        self.expectedErrors = expectedErrors
        self.dgpsAge = dgpsAge
        self.dgpsStation = dgpsStation
        self.navigation = navigation
        self.estimatedErrors = estimatedErrors
        self.velocity = velocity
        self.satellitesBeforeSignals = satellitesBeforeSignals
    }
}
