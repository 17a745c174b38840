extension AppLocationManager {
    // Region monitoring, as CLLocationManager's `startMonitoring(for:)` with CLMonitor's
    // circular conditions: events reach the screen's `handleRegionEvent(_:)`, in order among
    // its fixes. Every good fix counts, delivered or not (the distance filter and stillness
    // pause delivery, not monitoring); a fix less accurate than `desiredAccuracy` does not.

    /// Starts monitoring `region`: the next good fix determines its state (`.determined`), and
    /// later ones enter and exit it. A region with the same identifier is replaced, its state
    /// forgotten. Monitoring goes on across stops and starts of tracking.
    ///
    /// - Parameter region: The region.
    public func startMonitoring(for region: CircularRegion) {
        filter.regions.add(region)
    }

    /// Stops monitoring the region with `region`'s identifier; does nothing when there is none.
    ///
    /// - Parameter region: The region.
    public func stopMonitoring(for region: CircularRegion) {
        filter.regions.remove(identifier: region.identifier)
    }

    /// The regions monitored, in the order they were added.
    public var monitoredRegions: [CircularRegion] { filter.regions.regions }

    /// The state of the monitored region with this identifier: `.unknown` before a good fix
    /// since it was added, or when no region has that identifier.
    ///
    /// - Parameter identifier: The region's identifier.
    public func state(ofRegion identifier: String) -> RegionState {
        filter.regions.state(ofRegion: identifier)
    }

    /// How far outside a region a fix must be to exit it; see `RegionHysteresis`.
    public var regionHysteresis: RegionHysteresis {
        get { filter.regions.hysteresis }
        set { filter.regions.hysteresis = newValue }
    }
}
