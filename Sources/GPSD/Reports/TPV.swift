import FoundationEssentials
import GNSS
import LocationTracking

/// gpsd's time-position-velocity report for one epoch, as gpsd 3.22 writes it (gpsd_json(5)).
///
/// Unknown values are `nil` and left out of the JSON. Errors follow gpsd's error model for
/// NMEA receivers: dilution of precision times its user-equivalent range error, 95 %
/// confidence (so `eph` is not `Location.horizontalAccuracy`, which is 68 %).
public struct TPV: Hashable, Sendable {
    /// The device path the report comes from.
    public var device: String?
    /// gpsd's fix status, written only when it says more than "GPS fix" (2 and above):
    /// 2 DGPS, 3 RTK fixed, 4 RTK float, 5 dead reckoning, 7 surveyed/manual, 8 simulated,
    /// 9 precise (P(Y) code).
    public var status: Int?
    /// 1 no fix, 2 two-dimensional, 3 three-dimensional.
    public var mode: Int
    /// The receiver's UTC time of the epoch.
    public var time: Date?
    /// Estimated time error, seconds; gpsd's constant for NMEA (5 ms) when there is a time.
    public var ept: Double?
    /// Latitude, WGS-84 degrees north.
    public var latitude: Double?
    /// Longitude, WGS-84 degrees east.
    public var longitude: Double?
    /// Height above the WGS-84 ellipsoid, metres.
    public var altitudeHAE: Double?
    /// Height above mean sea level, metres.
    public var altitudeMSL: Double?
    /// Estimated longitude error, metres: the east dilution of precision gpsd computes from the
    /// azimuths and elevations of the satellites used × 15 m, or × 3.75 m with DGPS; `GPSDReports`
    /// sets it from the epoch's sky.
    public var epx: Double?
    /// Estimated latitude error, metres: the north dilution of precision × 15 m, or × 3.75 m with DGPS.
    public var epy: Double?
    /// Estimated vertical error, metres (VDOP × 23 m, or × 5.75 m with DGPS).
    public var epv: Double?
    /// Course over ground, degrees from true north.
    public var track: Double?
    /// Speed over ground, metres per second.
    public var speed: Double?
    /// Vertical speed, metres per second, from the altitudes of consecutive 3D fixes.
    public var climb: Double?
    /// Height of the geoid above the ellipsoid, metres.
    public var geoidSeparation: Double?
    /// Estimated horizontal error, metres (HDOP × 19 m, or × 4.75 m with DGPS).
    public var eph: Double?
    /// Estimated spherical error, metres (PDOP × 19 m, or × 4.75 m with DGPS).
    public var sep: Double?

    /// A report with only a mode: `{"class":"TPV","mode":1}` for an epoch without a fix.
    public init(device: String? = nil, mode: Int = 1, time: Date? = nil) {
        self.device = device
        self.mode = mode
        self.time = time
        ept = time == nil ? nil : Self.nmeaTimeError
    }

    /// The report for `location`, with `climb` derived from the `previous` fix when both are 3D
    /// and timed.
    public init(_ location: Location, device: String? = nil, previous: TPV? = nil) {
        self.init(device: device, mode: Self.mode(of: location), time: location.timestamp)
        status = Self.status(of: location)
        guard mode >= 2 else { return }
        latitude = location.coordinate.latitude
        longitude = location.coordinate.longitude
        altitudeMSL = location.altitude
        altitudeHAE = location.ellipsoidalAltitude
        // gpsd writes the geoid separation of 3D fixes only.
        geoidSeparation = mode == 3 ? location.geoidSeparation : nil
        track = location.course
        speed = location.speed
        // gpsd's user-equivalent range errors for NMEA receivers, in metres (95 %).
        let dgps = status == 2
        eph = location.hdop.map { $0 * (dgps ? 4.75 : 19) }
        sep = location.pdop.map { $0 * (dgps ? 4.75 : 19) }
        epv = mode == 3 ? location.vdop.map { $0 * (dgps ? 5.75 : 23) } : nil
        if mode == 3, let previous, previous.mode == 3, let height = altitudeHAE ?? altitudeMSL,
           let previousHeight = previous.altitudeHAE ?? previous.altitudeMSL,
           let time, let previousTime = previous.time, time > previousTime {
            climb = (height - previousHeight) / time.timeIntervalSince(previousTime)
        }
    }

    /// Sets `epx` and `epy` of a fix (mode 2 or 3) from the geometry of the satellites used,
    /// as gpsd does for NMEA receivers, which give no east or north error.
    mutating func setHorizontalErrors(from geometry: SatelliteGeometry?) {
        guard mode >= 2, let geometry else { return }
        let rangeError = status == 2 ? 3.75 : 15
        epx = geometry.xdop * rangeError
        epy = geometry.ydop * rangeError
    }

    /// gpsd's estimated time error for NMEA receivers, seconds.
    static let nmeaTimeError = 0.005

    /// No fix when any indicator says so (GGA quality 0, RMC status other than A, GSA mode 1,
    /// mode letter N); else GSA's dimension, or 3D when there is an altitude, as gpsd decides.
    static func mode(of location: Location) -> Int {
        if location.quality == .invalid || location.status?.isValid == false || location.mode == .noFix
            || location.positioningMode == .notValid || !location.coordinate.isValid {
            return 1
        }
        if let mode = location.mode, mode.isDefined { return Int(mode.rawValue) }
        return location.altitude == nil ? 2 : 3
    }

    /// gpsd's status for the GGA quality, else for the RMC mode letter; `nil` for a plain fix.
    static func status(of location: Location) -> Int? {
        let status: Int? = switch location.quality {
        case .differential?: 2
        case .pps?: 9
        case .rtkFixed?: 3
        case .rtkFloat?: 4
        case .deadReckoning?: 5
        case .manualInput?: 7
        case .simulated?: 8
        case nil:
            switch location.positioningMode {
            case .differential?: 2
            case .rtkFixed?: 3
            case .rtkFloat?: 4
            case .estimated?: 5
            case .manualInput?: 7
            case .simulated?: 8
            case .precise?: 9
            default: nil
            }
        default: nil
        }
        return status
    }
}

extension GPSDJSONWriter {
    /// Writes `report` as one line, fields in gpsd 3.22's order with its precision.
    public mutating func write(_ report: TPV) {
        writeMembers(report)
    }

    /// Writes `report` as an object: a line at the top level, an element inside an array (POLL).
    mutating func writeMembers(_ report: TPV) {
        beginObject(class: "TPV")
        field("device", report.device)
        if let status = report.status, status >= 2 { field("status", status) }
        field("mode", report.mode)
        field("time", report.time)
        field("ept", report.ept, decimals: 3)
        field("lat", report.latitude, decimals: 9)
        field("lon", report.longitude, decimals: 9)
        field("altHAE", report.altitudeHAE, decimals: 4)
        field("altMSL", report.altitudeMSL, decimals: 4)
        // gpsd 3.22 still writes the deprecated "alt", which older clients read.
        field("alt", report.altitudeMSL ?? report.altitudeHAE, decimals: 4)
        field("epx", report.epx, decimals: 3)
        field("epy", report.epy, decimals: 3)
        field("epv", report.epv, decimals: 3)
        field("track", report.track, decimals: 4)
        field("speed", report.speed, decimals: 3)
        // gpsd never writes a negative zero climb.
        field("climb", report.climb.map { abs($0) < 0.0005 ? 0 : $0 }, decimals: 3)
        field("geoidSep", report.geoidSeparation, decimals: 3)
        field("eph", report.eph, decimals: 3)
        field("sep", report.sep, decimals: 3)
        endObject()
    }
}
