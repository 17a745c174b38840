import GNSS

/// What a u-blox receiver's binary navigation messages said of an epoch beyond its `Location`:
/// the fix type in the receiver's own terms, the height above the ellipsoid it computed, its
/// velocity in north, east and down, its Earth-centred position and velocity, all its dilutions,
/// and the time it keeps. `nil` in an `EpochReport` made of NMEA alone.
public struct NavigationSolution: Hashable, Sendable {
    /// The fix types of u-blox's NAV-PVT `fixType` (NAV-SOL's `gpsFix`).
    public enum FixType: UInt8, Hashable, Sendable {
        /// No fix.
        case noFix = 0
        /// Dead reckoning only.
        case deadReckoning = 1
        /// A 2D fix.
        case twoDimensional = 2
        /// A 3D fix.
        case threeDimensional = 3
        /// GNSS and dead reckoning combined.
        case gnssWithDeadReckoning = 4
        /// Time only: a timing receiver holding a surveyed position.
        case timeOnly = 5
    }

    /// A velocity in the local north, east, down frame, metres per second.
    public struct Velocity: Hashable, Sendable {
        /// Metres per second northward.
        public var north: Double
        /// Metres per second eastward.
        public var east: Double
        /// Metres per second downward.
        public var down: Double

        /// A velocity of these components, metres per second.
        public init(north: Double, east: Double, down: Double) {
            self.north = north
            self.east = east
            self.down = down
        }
    }

    /// The message that gave a solution its fix.
    public enum FixMessage: Hashable, Sendable {
        /// NAV-PVT: the navigation solution of u-blox 7 onwards.
        case navPVT
        /// NAV-SOL: the older generation's solution, in Earth-centred coordinates.
        case navSOL
        /// NAV-POSLLH: a position without a fix type (the older generation).
        case navPOSLLH
        /// HNR-PVT: a dead-reckoning receiver's high-rate solution between its navigation
        /// solutions, without a sky, dilutions or an Earth-centred position of its own.
        case hnrPVT
    }

    /// GPS time of week of the epoch, milliseconds (`iTOW`): what ties its messages together.
    public var timeOfWeek: UInt32
    /// The message that gave the fix; `nil` until one did.
    public var fixMessage: FixMessage?
    /// The fix type; `nil` until a message of the epoch gave one.
    public var fixType: FixType?
    /// Height above the WGS-84 ellipsoid, metres, as the receiver computed it.
    public var heightAboveEllipsoid: Double?
    /// Velocity north, east and down.
    public var velocity: Velocity?
    /// The receiver's estimate of its time error, seconds.
    public var timeAccuracy: Double?
    /// GPS − UTC, seconds, when the receiver knows it (NAV-TIMEGPS).
    public var leapSeconds: Int?
    /// The Earth-centred position, metres (NAV-POSECEF, NAV-SOL).
    public var earthCentredPosition: ECEF?
    /// The receiver's estimate of its 3D position error, metres.
    public var earthCentredPositionAccuracy: Double?
    /// The Earth-centred velocity, metres per second (NAV-VELECEF, NAV-SOL).
    public var earthCentredVelocity: ECEF?
    /// The receiver's estimate of its velocity error, metres per second.
    public var earthCentredVelocityAccuracy: Double?
    /// The dilutions of precision NAV-DOP gave; `nil` without one.
    public var dilutions: Dilutions?
    /// The position error ellipse NAV-EELL gave; `nil` without one.
    public var errorEllipse: ErrorEllipse?

    /// The receiver's horizontal position error ellipse.
    public struct ErrorEllipse: Hashable, Sendable {
        /// Orientation of the semi-major axis, degrees clockwise from true north.
        public var orientation: Double
        /// Semi-major axis, metres.
        public var semiMajorAxis: Double
        /// Semi-minor axis, metres.
        public var semiMinorAxis: Double

        /// An ellipse of this orientation (degrees) and these axes (metres).
        public init(orientation: Double, semiMajorAxis: Double, semiMinorAxis: Double) {
            self.orientation = orientation
            self.semiMajorAxis = semiMajorAxis
            self.semiMinorAxis = semiMinorAxis
        }
    }

    /// The dilutions of precision of a solution, each `nil` where the receiver gave none.
    public struct Dilutions: Hashable, Sendable {
        /// Geometric, position (3D), time, vertical, horizontal, north and east.
        public var gdop: Double?, pdop: Double?, tdop: Double?, vdop: Double?, hdop: Double?, ndop: Double?, edop: Double?

        /// The dilutions given.
        public init(gdop: Double?, pdop: Double?, tdop: Double?, vdop: Double?, hdop: Double?, ndop: Double?, edop: Double?) {
            self.gdop = gdop
            self.pdop = pdop
            self.tdop = tdop
            self.vdop = vdop
            self.hdop = hdop
            self.ndop = ndop
            self.edop = edop
        }
    }

    /// A solution for the epoch at `timeOfWeek` with nothing known yet.
    public init(timeOfWeek: UInt32) {
        self.timeOfWeek = timeOfWeek
    }
}
