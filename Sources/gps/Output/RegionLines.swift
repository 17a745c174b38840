import GPSCommandLine
import LocationTracking

/// One region event as `gps` prints it among the fixes: `region home entered`, `region home
/// exited`, and at the first fix `region home inside` or `region home outside`.
struct RegionLine: CustomStringConvertible {
    let event: RegionEvent

    init(_ event: RegionEvent) { self.event = event }

    var description: String {
        let what = switch event.kind {
        case .determined(let state): "\(state)"
        case .entered: "entered"
        case .exited: "exited"
        }
        return "region \(event.region.identifier) \(what)"
    }
}

/// What `gps replay` into a pipe prints for each valid fix of a capture, through the same
/// `LocationFilter` the tracking flow applies: the fix line when the filters let it through,
/// then a line per region event.
struct FilteredLines {
    private var filter: LocationFilter

    init(_ filters: FixFilters) {
        filter = filters.locationFilter
    }

    /// Calls `print` with each line the fix gives: none, its `FixLine`, region lines, or both.
    mutating func lines(for fix: Location, _ print: (String) -> Void) {
        let outcome = filter.consider(fix)
        if let update = outcome.update { print(FixLine(update.location).description) }
        for event in outcome.regionEvents { print(RegionLine(event).description) }
    }
}

extension FixFilters {
    /// The command line's filters as LocationTracking's.
    var locationFilter: LocationFilter {
        LocationFilter(desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter, regions: circularRegions)
    }

    /// Sets the manager's filters and starts monitoring the regions.
    @MainActor
    func apply(to manager: AppLocationManager) {
        manager.distanceFilter = distanceFilter
        manager.desiredAccuracy = desiredAccuracy
        for region in circularRegions { manager.startMonitoring(for: region) }
    }

    /// The command line has checked each region's values, so every one makes a region.
    private var circularRegions: [CircularRegion] {
        regions.compactMap { region in
            CircularRegion(center: Coordinate(latitude: region.latitude, longitude: region.longitude),
                           radius: region.radius, identifier: region.name)
        }
    }
}
