import FoundationEssentials
import GNSS
import LocationTracking
import NMEA

extension EpochReport {
    /// The values of a report, boxed: copies of a report share one, and a report about to change
    /// a shared one takes a copy first (`makeUnique()`), so reports keep value semantics.
    ///
    /// `@unchecked Sendable`: its values change only while one report holds it, and
    /// `stampFirstByteTime(_:)` only before any report has left the assembler that made it.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        /// What the report says. Not checked for exclusive access at run time: a report reads it
        /// in place (its getters are inlined into other modules), and it changes only while one
        /// report holds the storage.
        @exclusivity(unchecked) @usableFromInline var values: Values

        /// A box holding `values`.
        @usableFromInline
        init(_ values: Values) {
            self.values = values
        }
    }

    /// A report of `values`, in `storage` when no report holds it any more (reused, with no
    /// allocation), else in a new storage, which `storage` becomes: how an assembler reports
    /// epoch after epoch in one box.
    init(_ values: Values, reusing storage: inout Storage?) {
        if isKnownUniquelyReferenced(&storage), let reused = storage {
            reused.values = values
            self.storage = reused
        } else {
            let created = Storage(values)
            storage = created
            self.storage = created
        }
    }

    /// Lets go of the satellites' storage that `storage`'s values share with an assembler's
    /// buffers, when no report holds it any more, so that the buffers are the assembler's alone
    /// again and are emptied in place for the next epoch.
    static func releaseSatellites(of storage: inout Storage?) {
        guard isKnownUniquelyReferenced(&storage), let reused = storage else { return }
        reused.values.satellites = nil
        reused.values.satellitesBeforeSignals = nil
        reused.values.satelliteListings = []
        reused.values.listedSatellites = []
    }

    /// Sets `firstByteTime` in the storage this report shares, without a copy of its own: only
    /// for a report no one has seen yet, as the assembler's report before it leaves the stream
    /// (the assembler holds the storage too, to reuse it).
    func stampFirstByteTime(_ time: SystemTime) {
        storage.values.firstByteTime = time
    }

    /// What a report says: the stored values behind `EpochReport`'s properties, which document
    /// them.
    @usableFromInline
    struct Values: Hashable {
        @usableFromInline var time: UTCTime
        @usableFromInline var timestamp: Date? = nil
        @usableFromInline var location: Location? = nil
        @usableFromInline var satellites: SatelliteView? = nil
        @usableFromInline var satellitesBeforeSignals: SatelliteView? = nil
        @usableFromInline var firstByteTime: SystemTime? = nil
        @usableFromInline var satelliteListings: [SatelliteListing] = []
        @usableFromInline var listedSatellites: [ListedSatellite] = []
        @usableFromInline var magneticCourse: Double? = nil
        @usableFromInline var expectedErrors: ExpectedErrors? = nil
        @usableFromInline var estimatedErrors: EstimatedPositionErrors? = nil
        @usableFromInline var velocity: NavigationSolution.Velocity? = nil
        @usableFromInline var dgpsAge: Double? = nil
        @usableFromInline var dgpsStation: Int? = nil
        @usableFromInline var navigation: NavigationSolution? = nil
    }
}
