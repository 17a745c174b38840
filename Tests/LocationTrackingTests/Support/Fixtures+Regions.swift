import LocationTracking

extension CircularRegion {
    /// A region the tests know to be valid.
    static func named(_ identifier: String, at center: Coordinate, radius: Double) -> CircularRegion {
        CircularRegion(center: center, radius: radius, identifier: identifier)!
    }
}

extension RegionEvent {
    /// "home entered", "home exited", "home inside" (the first state), as the tests read them.
    var line: String {
        switch kind {
        case .determined(.inside): "\(region.identifier) inside"
        case .determined(.outside): "\(region.identifier) outside"
        case .determined(.unknown): "\(region.identifier) unknown"
        case .entered: "\(region.identifier) entered"
        case .exited: "\(region.identifier) exited"
        }
    }
}

extension RegionMonitor {
    /// The events of each fix in turn, as lines.
    mutating func lines(after fixes: [Location]) -> [String] {
        fixes.flatMap { update(with: $0).map(\.line) }
    }
}
