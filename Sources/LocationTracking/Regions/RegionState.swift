/// Where a fix is with respect to a region, as CoreLocation's `CLRegionState`.
public enum RegionState: Hashable, Sendable {
    /// No fix has been considered since monitoring began.
    case unknown
    /// The last decisive fix was inside the region.
    case inside
    /// The last decisive fix was outside the region.
    case outside
}
