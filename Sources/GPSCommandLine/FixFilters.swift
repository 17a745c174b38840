import CommandLineParsing

/// What `gps read` and `gps replay` are asked to filter and watch: `--distance-filter M`,
/// `--desired-accuracy M` and each `--region NAME:LAT,LON,RADIUS`. Empty, every fix is printed
/// and no region watched, as without the options.
public struct FixFilters: Equatable, Sendable {
    /// Metres a printed fix must be from the last one printed; `nil` for every fix.
    public var distanceFilter: Double?
    /// The worst estimated horizontal accuracy printed, in metres; `nil` for any.
    public var desiredAccuracy: Double?
    /// The regions to report entries and exits of, in the order given.
    public var regions: [RegionArgument]

    /// No filter and no region.
    public static let none = FixFilters()

    /// Filters; with no arguments, none.
    public init(distanceFilter: Double? = nil, desiredAccuracy: Double? = nil, regions: [RegionArgument] = []) {
        self.distanceFilter = distanceFilter
        self.desiredAccuracy = desiredAccuracy
        self.regions = regions
    }

    /// Whether nothing is filtered or watched.
    public var isEmpty: Bool { self == .none }
}

/// One `--region NAME:LAT,LON,RADIUS`: a circle of RADIUS metres around LAT, LON (WGS-84
/// degrees, north and east positive), reported by NAME.
public struct RegionArgument: Equatable, Sendable {
    /// The name the region lines print.
    public var name: String
    /// Degrees north, -90 to 90.
    public var latitude: Double
    /// Degrees east, -180 to 180.
    public var longitude: Double
    /// Metres, 0 or more.
    public var radius: Double

    /// A region from its parts.
    public init(name: String, latitude: Double, longitude: Double, radius: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }

    /// Parses `NAME:LAT,LON,RADIUS`, the name being everything before the last colon; `nil`
    /// for an empty name, a part that is not a finite number, a latitude or longitude out of
    /// range, or a negative radius.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), colon > text.startIndex else { return nil }
        let numbers = text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0) }
        guard numbers.count == 3, let latitude = numbers[0], let longitude = numbers[1], let radius = numbers[2],
              latitude.isFinite, longitude.isFinite, radius.isFinite,
              abs(latitude) <= 90, abs(longitude) <= 180, radius >= 0 else { return nil }
        self.init(name: String(text[..<colon]), latitude: latitude, longitude: longitude, radius: radius)
    }
}

extension ValueKind where Value == RegionArgument {
    /// `NAME:LAT,LON,RADIUS`.
    static let region = ValueKind(
        expectation: "NAME:LAT,LON,RADIUS (degrees, metres), such as home:48.1374,11.5755,100",
        parse: RegionArgument.init)
}

extension ValueKind where Value == Double {
    /// A finite number above 0, such as an accuracy in metres.
    static let positiveNumber = ValueKind(
        expectation: "a number above 0", parse: { text in Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
}
