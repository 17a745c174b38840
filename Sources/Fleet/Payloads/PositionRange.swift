/// The ranges a position message's numbers must fall in. A number outside its range (or not
/// finite) rejects its message before it is converted: a `tst` of 1e16 is no time, and would
/// trap as an `Int`.
enum PositionRange {
    /// Seconds since 1970: from 1970-01-01 to 9999-12-31T23:59:59Z, the years gpsd's
    /// timestamps have four digits for.
    static let time: ClosedRange<Double> = 0...253_402_300_799
    /// Metres, above sea level or the ellipsoid: from the deepest mine to past geostationary orbit.
    static let altitude: ClosedRange<Double> = -100_000...100_000_000
    /// Metres of accuracy (horizontal, vertical, `eph`, `epv`).
    static let accuracy: ClosedRange<Double> = 0...100_000_000
    /// Metres a second: a hundred kilometres a second is past anything a receiver tracks.
    static let speed: ClosedRange<Double> = 0...100_000
    /// Degrees clockwise from true north.
    static let course: ClosedRange<Double> = 0...360
    /// A dilution of precision (gpsd writes up to 99.99).
    static let dilution: ClosedRange<Double> = 0...10_000
    /// Satellites used.
    static let satellites: ClosedRange<Double> = 0...1_000
}

extension ClosedRange<Double> {
    /// The range with both bounds multiplied by `factor` (a positive unit conversion).
    static func * (range: Self, factor: Double) -> Self { range.lowerBound * factor...range.upperBound * factor }

    /// `"0 to 360"`: the bounds, whole numbers as such.
    var text: String {
        let bound = { (value: Double) in Int(exactly: value).map(String.init) ?? "\(value)" }
        return "\(bound(lowerBound)) to \(bound(upperBound))"
    }
}
