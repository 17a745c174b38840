import FoundationEssentials
import GNSS

/// One position fix from a receiver, as CoreLocation's `CLLocation` would carry it.
///
/// Every value a receiver may leave out is optional: absent is `nil`, never 0. An NMEA fix maps
/// field for field: GGA, RMC, GNS and GLL give `timestamp` and `coordinate`; GGA and GNS
/// `altitude`, `geoidSeparation`, `satellitesUsed` and `hdop`; GGA `quality`; RMC `status`; RMC,
/// GLL, VTG and GNS `positioningMode`; RMC and VTG `speed` (knots × 1852 / 3600) and `course`;
/// HDT `heading`; RMC `magneticVariation`; GSA `mode`, `pdop`, `hdop` and `vdop`; GST the
/// accuracies.
public struct Location: Hashable, Sendable {
    /// Where the fix is, in WGS-84 degrees.
    public var coordinate: Coordinate

    /// Height above mean sea level (the geoid) in metres, as GGA reports it; `nil` when unknown.
    public var altitude: Double?

    /// Height of the geoid above the WGS-84 ellipsoid in metres (GGA field 11); `nil` when unknown.
    public var geoidSeparation: Double?

    /// Speed over ground in metres per second; `nil` when unknown.
    public var speed: Double?

    /// Course over ground in degrees clockwise from true north, in 0..<360; `nil` when unknown
    /// (receivers leave it empty when standing still).
    public var course: Double?

    /// Where the vehicle points, in degrees clockwise from true north, in 0..<360, from a
    /// gyrocompass or a dual-antenna receiver (HDT); `nil` when the receiver sent none. Unlike
    /// `course`, it is known standing still.
    public var heading: Double?

    /// The angle from true north to magnetic north at the fix, in degrees, east positive (RMC
    /// fields 10 and 11); `nil` when the receiver did not say. A magnetic bearing is the true
    /// one minus this.
    public var magneticVariation: Double?

    /// The receiver's UTC time of the fix; `nil` until the receiver has given both date and time.
    public var timestamp: Date?

    /// How the fix was obtained (GGA quality indicator); `nil` when the receiver did not say.
    public var quality: FixQuality?

    /// No fix, 2D or 3D (GSA mode); `nil` when the receiver did not say.
    public var mode: FixMode?

    /// The receiver's valid/invalid verdict (RMC or GLL `A`/`V`); `nil` when the receiver did not say.
    public var status: FixStatus?

    /// The NMEA 2.3+ mode indicator; `nil` when the receiver did not say.
    public var positioningMode: PositioningMode?

    /// Satellites used in the solution; `nil` when unknown.
    public var satellitesUsed: Int?

    /// Horizontal dilution of precision (unitless, lower is better); `nil` when unknown.
    public var hdop: Double?

    /// Position (3D) dilution of precision (unitless); `nil` when unknown.
    public var pdop: Double?

    /// Vertical dilution of precision (unitless); `nil` when unknown.
    public var vdop: Double?

    /// Estimated radius of horizontal uncertainty in metres (about 68 % confidence, as
    /// CoreLocation's); `nil` when unknown.
    ///
    /// Receivers rarely report it. Unless the provider passes a better figure (from GST, say),
    /// it is `Location.estimatedHorizontalAccuracy(hdop:quality:)`.
    public var horizontalAccuracy: Double?

    /// Estimated vertical uncertainty in metres (about 68 % confidence, as CoreLocation's);
    /// `nil` when unknown.
    ///
    /// The provider's own figure (GST's altitude error) when it has one, else
    /// `Location.estimatedVerticalAccuracy(vdop:quality:)`.
    public var verticalAccuracy: Double?

    /// Whether `horizontalAccuracy` and `verticalAccuracy` are the receiver's own estimates
    /// (u-blox NAV-PVT's hAcc and vAcc, NMEA GST) rather than derived from the dilutions.
    public var isAccuracyFromReceiver: Bool

    /// The receiver's estimate of its speed error, metres per second (1σ: u-blox NAV-PVT's
    /// sAcc); `nil` when it gives none.
    public var speedAccuracy: Double?

    /// The receiver's estimate of its course error, degrees (1σ: u-blox NAV-PVT's headAcc);
    /// `nil` when it gives none.
    public var courseAccuracy: Double?

    /// Creates a fix; everything but the coordinate defaults to unknown.
    ///
    /// - Parameters:
    ///   - coordinate: Latitude and longitude in WGS-84 degrees.
    ///   - altitude: Metres above mean sea level.
    ///   - geoidSeparation: Metres from the ellipsoid up to the geoid.
    ///   - speed: Metres per second over ground.
    ///   - course: Degrees clockwise from true north.
    ///   - heading: Degrees clockwise from true north that the vehicle points (HDT).
    ///   - magneticVariation: Degrees from true to magnetic north, east positive.
    ///   - timestamp: The receiver's UTC time of the fix.
    ///   - quality: GGA quality indicator.
    ///   - mode: GSA fix dimension.
    ///   - status: RMC status.
    ///   - positioningMode: NMEA 2.3+ mode indicator.
    ///   - satellitesUsed: Satellites in the solution.
    ///   - hdop: Horizontal dilution of precision.
    ///   - pdop: Position dilution of precision.
    ///   - vdop: Vertical dilution of precision.
    ///   - horizontalAccuracy: Metres of horizontal uncertainty when the provider knows it;
    ///     `nil` estimates it from `hdop` and `quality`.
    ///   - verticalAccuracy: Metres of vertical uncertainty when the provider knows it; `nil`
    ///     estimates it from `vdop` and `quality`.
    ///   - speedAccuracy: Metres per second of speed uncertainty, when the receiver gives it.
    ///   - courseAccuracy: Degrees of course uncertainty, when the receiver gives it.
    public init(
        coordinate: Coordinate,
        altitude: Double? = nil,
        geoidSeparation: Double? = nil,
        speed: Double? = nil,
        course: Double? = nil,
        heading: Double? = nil,
        magneticVariation: Double? = nil,
        timestamp: Date? = nil,
        quality: FixQuality? = nil,
        mode: FixMode? = nil,
        status: FixStatus? = nil,
        positioningMode: PositioningMode? = nil,
        satellitesUsed: Int? = nil,
        hdop: Double? = nil,
        pdop: Double? = nil,
        vdop: Double? = nil,
        horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil,
        speedAccuracy: Double? = nil,
        courseAccuracy: Double? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.geoidSeparation = geoidSeparation
        self.speed = speed
        self.course = course
        self.heading = heading
        self.magneticVariation = magneticVariation
        self.timestamp = timestamp
        self.quality = quality
        self.mode = mode
        self.status = status
        self.positioningMode = positioningMode
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.pdop = pdop
        self.vdop = vdop
        self.isAccuracyFromReceiver = horizontalAccuracy != nil
        self.speedAccuracy = speedAccuracy
        self.courseAccuracy = courseAccuracy
        self.horizontalAccuracy = horizontalAccuracy
            ?? Location.estimatedHorizontalAccuracy(hdop: hdop, quality: quality)
        self.verticalAccuracy = verticalAccuracy
            ?? Location.estimatedVerticalAccuracy(vdop: vdop, quality: quality)
    }

    /// Height above the WGS-84 ellipsoid in metres (`altitude + geoidSeparation`); `nil` unless
    /// both are known.
    public var ellipsoidalAltitude: Double? {
        guard let altitude, let geoidSeparation else { return nil }
        return altitude + geoidSeparation
    }

    /// The corrections the receiver says it applied: GGA's quality (2 DGPS, 5 RTK float, 4 RTK
    /// fixed) where it gave one, else the mode letter (`D`, `F`, `R`); `.none` when neither says.
    /// A fix assembled from u-blox NAV-PVT carries its `diffSoln` and `carrSoln` in `quality`.
    public var correction: CorrectionState {
        switch quality {
        case .rtkFixed?: return .rtkFixed
        case .rtkFloat?: return .rtkFloat
        case .differential?: return .dgps
        default: break
        }
        switch positioningMode {
        case .rtkFixed?: return .rtkFixed
        case .rtkFloat?: return .rtkFloat
        case .differential?: return .dgps
        default: return .none
        }
    }

    /// Whether this is a real position worth delivering.
    ///
    /// False when any indicator the receiver gave says "no fix" (`quality` `.invalid`, `status`
    /// other than `.valid`, `mode` `.noFix`, `positioningMode` `.notValid`), or says the position is not
    /// from the sky (`quality` `.manualInput` or `.simulated`, `positioningMode` `.manualInput` or
    /// `.simulated`), when the coordinate is out of range or not finite, or when it is exactly
    /// (0, 0), the null position. A fix on the equator or on the Greenwich meridian is real.
    /// Indicators that are `nil` do not count against it.
    public var isValidFix: Bool { isValidFix(acceptingSimulated: false) }

    /// Whether this is a position worth delivering, optionally counting a receiver's simulator
    /// mode and manual input as positions (a demo or a test bench wants them).
    ///
    /// - Parameter acceptingSimulated: Whether `quality` `.manualInput`/`.simulated` and
    ///   `positioningMode` `.manualInput`/`.simulated` count as fixes.
    /// - Returns: `isValidFix` when `acceptingSimulated` is false.
    public func isValidFix(acceptingSimulated: Bool) -> Bool {
        let isFromTheSky = quality?.isSimulatedOrManual != true && positioningMode?.isSimulatedOrManual != true
        return quality?.hasPosition != false
            && status?.isValid != false
            && mode != .noFix
            && positioningMode?.hasPosition != false
            && (acceptingSimulated || isFromTheSky)
            && coordinate.isValid
            && !coordinate.isNullPosition
    }

    /// The distance in metres to another fix along the WGS-84 ellipsoid, ignoring altitude.
    ///
    /// Vincenty's inverse formula on WGS-84, with a fallback for the nearly antipodal pairs where
    /// it does not converge; accurate to about a millimetre (see `Coordinate.distance(from:)`).
    ///
    /// - Parameter other: The other fix.
    /// - Returns: Metres; NaN when either coordinate is out of range or not finite.
    public func distance(from other: Location) -> Double {
        coordinate.distance(from: other.coordinate)
    }
}
