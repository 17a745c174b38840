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
/// - Complexity: O(regions) per fix with a small constant: a chord in earth-centred
///   coordinates, which never exceeds the geodesic, settles every region the fix is clearly
///   outside of or clearly beyond; the geodesic (Vincenty) is computed only for the regions
///   whose boundary the fix is near or inside.
public struct RegionMonitor: Sendable {
    /// How far outside an exit must be.
    public var hysteresis: RegionHysteresis

    private var entries: [Entry] = []

    /// One region with what the monitor knows of it.
    private struct Entry: Sendable {
        var region: CircularRegion
        var center: EarthCenteredPoint
        var state: RegionState
    }

    /// A chord longer than a threshold by this much proves the geodesic is too, despite
    /// rounding (a nanometre at these magnitudes) and Vincenty's own error (well under 0.1 mm).
    private static let chordSlack = 0.001

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

    /// The regions watched, in the order they were added.
    public var regions: [CircularRegion] { entries.map(\.region) }

    /// Whether no region is watched.
    public var isEmpty: Bool { entries.isEmpty }

    /// Starts watching `region`, `.unknown` until the next fix. A region with the same
    /// identifier is replaced, in its place, and its state forgotten.
    ///
    /// - Parameter region: The region.
    public mutating func add(_ region: CircularRegion) {
        let entry = Entry(region: region, center: EarthCenteredPoint(region.center), state: .unknown)
        if let index = entries.firstIndex(where: { $0.region.identifier == region.identifier }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// Stops watching the region with this identifier.
    ///
    /// - Parameter identifier: The region's identifier.
    /// - Returns: The region, or `nil` when none had that identifier.
    @discardableResult
    public mutating func remove(identifier: String) -> CircularRegion? {
        guard let index = entries.firstIndex(where: { $0.region.identifier == identifier }) else { return nil }
        return entries.remove(at: index).region
    }

    /// The state of the region with this identifier: `.unknown` before its first fix, and
    /// for an identifier that is not watched.
    ///
    /// - Parameter identifier: The region's identifier.
    public func state(ofRegion identifier: String) -> RegionState {
        entries.first { $0.region.identifier == identifier }?.state ?? .unknown
    }

    /// Each region with its state, in the order they were added.
    public var states: [(region: CircularRegion, state: RegionState)] {
        entries.map { ($0.region, $0.state) }
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
            let entry = entries[index]
            guard let kind = Self.change(of: entry, at: point, coordinate, exitMargin: margin) else { continue }
            entries[index].state = kind == .entered || kind == .determined(.inside) ? .inside : .outside
            report(RegionEvent(region: entry.region, kind: kind, location: location))
        }
    }

    /// What a fix at `coordinate` (`point`) changes about one region, if anything.
    private static func change(
        of entry: Entry, at point: EarthCenteredPoint, _ coordinate: Coordinate, exitMargin: Double
    ) -> RegionEvent.Kind? {
        let radius = entry.region.radius
        let chord = point.chord(to: entry.center)
        switch entry.state {
        case .unknown:
            if chord > radius + chordSlack { return .determined(.outside) }
            return .determined(coordinate.distance(from: entry.region.center) <= radius ? .inside : .outside)
        case .outside:
            if chord > radius + chordSlack { return nil }
            return coordinate.distance(from: entry.region.center) <= radius ? .entered : nil
        case .inside:
            let exitDistance = radius + exitMargin
            if chord > exitDistance + chordSlack { return .exited }
            return coordinate.distance(from: entry.region.center) > exitDistance ? .exited : nil
        }
    }
}
