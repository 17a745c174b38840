extension AppLocationManager {
    // The settings of CLLocationManager, each off by default so a screen that sets none gets
    // every good fix, as before they existed. Read at each fix: a change applies at once. The
    // decisions are `LocationFilter`'s, the same value `gps replay` uses on its own.

    /// The least distance in metres (geodesic) from the last fix delivered to the next, as
    /// `CLLocationManager.distanceFilter`; `nil` (the default), zero, a negative value or NaN
    /// delivers every fix. With `.significantChanges(meters:)` the larger distance applies.
    /// The first fix, and the first after `startUpdatingLocation()`, is always delivered.
    public var distanceFilter: Double? {
        get { requestedDistanceFilter }
        set { requestedDistanceFilter = newValue }
    }

    /// The worst `horizontalAccuracy` delivered, in metres, as
    /// `CLLocationManager.desiredAccuracy`; `nil` (the default) delivers every good fix.
    ///
    /// A fix that is worse, or has no accuracy estimate at all, is not delivered, does not
    /// become `currentLocation` and changes no region: it is counted in
    /// `filterCounts.inaccurate`, and while no good fix is current `state` is
    /// `.accuracyLimited(fix)`, so a screen can say "waiting for an accurate fix" rather than
    /// "no fix".
    public var desiredAccuracy: Double? {
        get { filter.desiredAccuracy }
        set { filter.desiredAccuracy = newValue }
    }

    /// When the receiver counts as standing still; `nil` (the default) turns detection off.
    /// While on, the update where stillness begins has `LocationUpdate.isStationary` set and
    /// the next update is the one where it ends: delivery pauses while the receiver stands
    /// still. Setting it starts detection afresh.
    public var stationaryDetection: StationaryDetection? {
        get { filter.stationaryDetection }
        set { filter.stationaryDetection = newValue }
    }

    /// Whether the receiver stands still now, by `stationaryDetection`; `false` while it is off.
    public var isStationary: Bool { filter.isStationary }

    /// How many good fixes were delivered, and how many held back by `desiredAccuracy`, the
    /// distance filter (or `.significantChanges`) and stillness, since the manager was made.
    public var filterCounts: LocationFilter.Counts { filter.counts }

    /// The distance the filter applies: the larger of `distanceFilter` and the tracking mode's,
    /// a NaN counting as none.
    var effectiveDistanceFilter: Double? {
        var distance = requestedDistanceFilter.flatMap { $0.isNaN ? nil : $0 }
        if case .significantChanges(let meters) = trackingMode, !meters.isNaN {
            distance = max(distance ?? meters, meters)
        }
        return distance
    }
}
