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
    /// The report's values, in a box that copies share until one of them changes: an event that
    /// carries the report, and every sink's `switch` on it, copies a reference, not the values.
    @usableFromInline var storage: Storage

    /// The UTC time of day the epoch's sentences were stamped with.
    @inlinable public var time: UTCTime {
        get { storage.values.time }
        set {
            makeUnique()
            storage.values.time = newValue
        }
    }

    /// The receiver's UTC date and time of the epoch; `nil` until a date is known (RMC or ZDA).
    @inlinable public var timestamp: Date? {
        get { storage.values.timestamp }
        set {
            makeUnique()
            storage.values.timestamp = newValue
        }
    }

    /// The fix, valid or not (see `Location.isValidFix`); `nil` when no sentence of the epoch
    /// gave a position.
    @inlinable public var location: Location? {
        get { storage.values.location }
        set {
            makeUnique()
            storage.values.location = newValue
        }
    }

    /// The satellites in view, from every talker whose GSV sequence was complete in the epoch;
    /// `nil` when none was.
    @inlinable public var satellites: SatelliteView? {
        get { storage.values.satellites }
        set {
            makeUnique()
            storage.values.satellites = newValue
        }
    }

    /// The satellites of the receiver's own view (u-blox NAV-SAT), where NAV-SIG's signals of
    /// the same epoch replaced them in `satellites` (one entry per signal); `nil` otherwise.
    /// gpsd master reports this view and then the signals, a SKY each.
    @inlinable public var satellitesBeforeSignals: SatelliteView? {
        get { storage.values.satellitesBeforeSignals }
        set {
            makeUnique()
            storage.values.satellitesBeforeSignals = newValue
        }
    }

    /// The system time (`CLOCK_REALTIME`) at which the first byte of the epoch's burst arrived
    /// (the first chunk after a silent line, `EpochStream.burstGap`), as the source stamped it
    /// when `poll` saw it ready: what a time service compares the receiver's time with, since the
    /// line's pace and the sentences' lengths do not move it. `nil` where the bytes were not
    /// read live (a capture, a gpsd).
    @inlinable public var firstByteTime: SystemTime? {
        get { storage.values.firstByteTime }
        set {
            makeUnique()
            storage.values.firstByteTime = newValue
        }
    }

    /// Where each satellite of `satellites` was listed, in the same order; empty without a view.
    @inlinable public var satelliteListings: [SatelliteListing] {
        get { storage.values.satelliteListings }
        set {
            makeUnique()
            storage.values.satelliteListings = newValue
        }
    }

    /// The satellites the epoch's GSA sentences listed as used, as they numbered them, in
    /// order; empty when none did.
    @inlinable public var listedSatellites: [ListedSatellite] {
        get { storage.values.listedSatellites }
        set {
            makeUnique()
            storage.values.listedSatellites = newValue
        }
    }

    /// The course over ground from magnetic north, degrees, as VTG gave it; `nil` when it gave
    /// none.
    @inlinable public var magneticCourse: Double? {
        get { storage.values.magneticCourse }
        set {
            makeUnique()
            storage.values.magneticCourse = newValue
        }
    }

    /// The errors the receiver expects of the fix (GBS of the epoch's time); `nil` without one.
    @inlinable public var expectedErrors: ExpectedErrors? {
        get { storage.values.expectedErrors }
        set {
            makeUnique()
            storage.values.expectedErrors = newValue
        }
    }

    /// The errors the receiver estimates for its position (Garmin's PGRME); `nil` without them.
    @inlinable public var estimatedErrors: EstimatedPositionErrors? {
        get { storage.values.estimatedErrors }
        set {
            makeUnique()
            storage.values.estimatedErrors = newValue
        }
    }

    /// The velocity north, east and down a sentence gave (SkyTraq's PSTI,030, from its east,
    /// north and up components), metres per second; `nil` when none did.
    @inlinable public var velocity: NavigationSolution.Velocity? {
        get { storage.values.velocity }
        set {
            makeUnique()
            storage.values.velocity = newValue
        }
    }

    /// The age of the differential corrections, seconds, as GGA gave it; `nil` when it left
    /// the field empty.
    @inlinable public var dgpsAge: Double? {
        get { storage.values.dgpsAge }
        set {
            makeUnique()
            storage.values.dgpsAge = newValue
        }
    }

    /// The differential reference station (0–1023), as GGA gave it; `nil` when it left the
    /// field empty.
    @inlinable public var dgpsStation: Int? {
        get { storage.values.dgpsStation }
        set {
            makeUnique()
            storage.values.dgpsStation = newValue
        }
    }

    /// What the receiver's u-blox navigation messages said beyond the fix (fix type, height
    /// above the ellipsoid, velocity, time accuracy); `nil` for an epoch of NMEA alone.
    @inlinable public var navigation: NavigationSolution? {
        get { storage.values.navigation }
        set {
            makeUnique()
            storage.values.navigation = newValue
        }
    }

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - time: The UTC time of day of the epoch.
    ///   - timestamp: Its UTC date and time, when the date is known.
    ///   - location: The fix, when the epoch had a position.
    ///   - satellites: The satellites in view, when the epoch listed them.
    public init(time: UTCTime, timestamp: Date? = nil, location: Location? = nil, satellites: SatelliteView? = nil) {
        storage = Storage(Values(time: time, timestamp: timestamp, location: location, satellites: satellites))
    }
}

extension EpochReport {
    /// Whether two reports say the same: the same storage, or equal values.
    public static func == (lhs: EpochReport, rhs: EpochReport) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    /// Hashes the report's values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.values)
    }

    /// Gives the report a storage of its own before it changes, when another report shares it.
    @usableFromInline
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    }
}
