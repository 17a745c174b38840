/// Watches circular regions through a stream of fixes and says when each is first determined,
/// entered and exited, as CoreLocation's `CLMonitor` does for circular conditions.
///
/// A plain value: `AppLocationManager` keeps one (its `startMonitoring(for:)`), and code that
/// reads fixes itself (`gps replay` into a pipe) keeps its own, with the same rules:
///
/// - The first fix after a region is added determines its state, `.inside` when the fix is
///   within the radius (on the circle included), else `.outside`: `.determined(state)`.
/// - From outside, a fix within the radius enters.
/// - From inside, only a fix farther than the radius plus the hysteresis' exit margin exits;
///   the margin grows with the fix's uncertainty (`RegionHysteresis.exitMargin(forAccuracy:)`),
///   so jitter across the boundary does not flap.
///
/// ```swift
/// var monitor = RegionMonitor(regions: [home])
/// for event in monitor.update(with: fix) { print(event.region.identifier, event.kind) }
/// ```
///
/// - Complexity: O(regions) per fix with a small constant: the chord in earth-centred
///   coordinates bounds the geodesic from below and, a little longer, from above, which
///   settles every region whose boundary (or exit distance) the fix is not within a
///   millimetre or so of; the geodesic (Vincenty) is computed only for those that remain.
public struct RegionMonitor: Sendable {
    /// How far outside an exit must be.
    public var hysteresis: RegionHysteresis

    /// The regions watched, in the order they were added.
    public private(set) var regions: [CircularRegion] = []
    // At the same index as each region, what the loop over fixes reads: plain values, which
    // cost no reference counting (the identifiers are strings).
    private var entries: [Entry] = []

    /// One region's geometry and state.
    private struct Entry: Sendable {
        var center: EarthCenteredPoint
        var centerCoordinate: Coordinate
        var radius: Double
        var state: RegionState
    }

    /// A bound beyond a threshold by this much proves the geodesic is too, despite rounding (a
    /// nanometre at these magnitudes) and Vincenty's own error (well under 0.1 mm): the
    /// decisions are those of `Coordinate.distance(from:)`.
    private static let boundSlack = 0.001

    /// A monitor of `regions`, each `.unknown` until the first fix.
    ///
    /// - Parameters:
    ///   - regions: The regions, in the order events name them; a later region with the
    ///     identifier of an earlier one replaces it.
    ///   - hysteresis: The exit margin; default `RegionHysteresis()`.
    public init(regions: [CircularRegion] = [], hysteresis: RegionHysteresis = RegionHysteresis()) {
        self.hysteresis = hysteresis
        for region in regions { add(region) }
    }

    /// Whether no region is watched.
    public var isEmpty: Bool { entries.isEmpty }

    /// Starts watching `region`, `.unknown` until the next fix. A region with the same
    /// identifier is replaced, in its place, and its state forgotten.
    ///
    /// - Parameter region: The region.
    public mutating func add(_ region: CircularRegion) {
        let entry = Entry(
            center: EarthCenteredPoint(region.center), centerCoordinate: region.center, radius: region.radius,
            state: .unknown)
        if let index = index(of: region.identifier) {
            regions[index] = region
            entries[index] = entry
        } else {
            regions.append(region)
            entries.append(entry)
        }
    }

    /// Stops watching the region with this identifier.
    ///
    /// - Parameter identifier: The region's identifier.
    /// - Returns: The region, or `nil` when none had that identifier.
    @discardableResult
    public mutating func remove(identifier: String) -> CircularRegion? {
        guard let index = index(of: identifier) else { return nil }
        entries.remove(at: index)
        return regions.remove(at: index)
    }

    /// The state of the region with this identifier: `.unknown` before its first fix, and
    /// for an identifier that is not watched.
    ///
    /// - Parameter identifier: The region's identifier.
    public func state(ofRegion identifier: String) -> RegionState {
        index(of: identifier).map { entries[$0].state } ?? .unknown
    }

    /// Each region with its state, in the order they were added.
    public var states: [(region: CircularRegion, state: RegionState)] {
        regions.indices.map { (regions[$0], entries[$0].state) }
    }

    private func index(of identifier: String) -> Int? {
        regions.firstIndex { $0.identifier == identifier }
    }

    /// Considers a fix and returns what it changed, in the regions' order; empty when nothing
    /// changed, or when the fix's coordinate is not `Coordinate.isValid`.
    ///
    /// Give it fixes that are positions (`Location.isValidFix`): it does not check the
    /// receiver's indicators.
    ///
    /// - Parameter location: The fix.
    /// - Returns: The events, allocated only when there is one.
    public mutating func update(with location: Location) -> [RegionEvent] {
        var events: [RegionEvent] = []
        update(with: location) { events.append($0) }
        return events
    }

    /// Considers a fix and calls `report` for each region it changed, in the regions' order;
    /// nothing for a fix whose coordinate is not `Coordinate.isValid`. Allocates nothing.
    ///
    /// - Parameters:
    ///   - location: The fix.
    ///   - report: Receives each event.
    public mutating func update(with location: Location, _ report: (RegionEvent) -> Void) {
        let coordinate = location.coordinate
        guard coordinate.isValid, !entries.isEmpty else { return }
        let point = EarthCenteredPoint(coordinate)
        let margin = hysteresis.exitMargin(forAccuracy: location.horizontalAccuracy)
        for index in entries.indices {
            guard let kind = Self.change(of: entries[index], at: point, coordinate, exitMargin: margin) else { continue }
            let event = RegionEvent(region: regions[index], kind: kind, location: location)
            entries[index].state = event.state
            report(event)
        }
    }

    /// What a fix at `coordinate` (`point`) changes about one region, if anything.
    private static func change(
        of entry: Entry, at point: EarthCenteredPoint, _ coordinate: Coordinate, exitMargin: Double
    ) -> RegionEvent.Kind? {
        let chord = point.chord(to: entry.center)
        /// Whether the geodesic distance to the centre is at most `limit`.
        func isWithin(_ limit: Double) -> Bool {
            if chord > limit + boundSlack { return false }
            if EarthCenteredPoint.longestGeodesic(forChord: chord) + boundSlack < limit { return true }
            return coordinate.distance(from: entry.centerCoordinate) <= limit
        }
        let radius = entry.radius
        switch entry.state {
        case .unknown: return .determined(isWithin(radius) ? .inside : .outside)
        case .outside: return isWithin(radius) ? .entered : nil
        case .inside: return isWithin(radius + exitMargin) ? nil : .exited
        }
    }
}
