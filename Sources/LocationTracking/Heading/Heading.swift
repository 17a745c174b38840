import FoundationEssentials

/// Where the vehicle points, as CoreLocation's `CLHeading`: true heading always, magnetic
/// heading when the receiver gave the magnetic variation.
public struct Heading: Hashable, Sendable {
    /// Where a heading comes from.
    public enum Source: Hashable, Sendable {
        /// A heading sensor: a gyrocompass or a dual-antenna receiver (HDT). Known standing
        /// still.
        case headingSensor
        /// The course over ground of a fix moving fast enough for it to mean something: the
        /// direction of travel, which is where a car points, not a boat in a current.
        case courseOverGround
    }

    /// Degrees clockwise from true north, in 0..<360.
    public var trueHeading: Double

    /// Degrees clockwise from magnetic north, in 0..<360: `trueHeading` minus the magnetic
    /// variation (east positive); `nil` when the variation is unknown.
    public var magneticHeading: Double?

    /// Where it comes from.
    public var source: Source

    /// The receiver's UTC time of the fix it came with; `nil` when unknown.
    public var timestamp: Date?

    /// The speed below which `courseOverGround` gives no heading, in metres per second: 1 m/s
    /// (3.6 km/h, a slow walk). A consumer receiver's velocity is good to about 0.1 m/s, so
    /// below that the course can be off by more than 6°, and standing still it is noise.
    public static let minimumCourseSpeed = 1.0

    /// A heading from its parts.
    ///
    /// - Parameters:
    ///   - trueHeading: Degrees from true north; brought into 0..<360.
    ///   - magneticVariation: Degrees from true to magnetic north, east positive; `nil` when
    ///     unknown, and then so is `magneticHeading`.
    ///   - source: Where it comes from.
    ///   - timestamp: The receiver's UTC time.
    public init(trueHeading: Double, magneticVariation: Double? = nil, source: Source, timestamp: Date? = nil) {
        self.trueHeading = Self.normalized(trueHeading)
        magneticHeading = magneticVariation.flatMap { $0.isFinite ? Self.normalized(trueHeading - $0) : nil }
        self.source = source
        self.timestamp = timestamp
    }

    /// The heading a fix gives: its sensor heading (`Location.heading`, HDT) when it has one,
    /// else its course over ground when its speed is at least `minimumCourseSpeed`; `nil`
    /// otherwise, or when the value is not finite.
    ///
    /// - Parameters:
    ///   - location: The fix; it should be a position (`Location.isValidFix`), as a course
    ///     means nothing without one.
    ///   - minimumCourseSpeed: Metres per second; default `Heading.minimumCourseSpeed`.
    public init?(_ location: Location, minimumCourseSpeed: Double = Heading.minimumCourseSpeed) {
        if let heading = location.heading, heading.isFinite {
            self.init(trueHeading: heading, magneticVariation: location.magneticVariation, source: .headingSensor,
                      timestamp: location.timestamp)
        } else if let course = location.course, course.isFinite, let speed = location.speed, speed >= minimumCourseSpeed {
            self.init(trueHeading: course, magneticVariation: location.magneticVariation, source: .courseOverGround,
                      timestamp: location.timestamp)
        } else {
            return nil
        }
    }

    private static func normalized(_ degrees: Double) -> Double {
        let remainder = degrees.truncatingRemainder(dividingBy: 360)
        let positive = remainder < 0 ? remainder + 360 : remainder
        return positive == 360 ? 0 : positive  // -1e-14 + 360 rounds to 360
    }
}
