import FoundationEssentials
import GNSS
import GPSReader
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
    /// GPS − UTC, seconds, when the receiver said (u-blox NAV-TIMEGPS).
    public var leapSeconds: Int?
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
    /// Course over ground, degrees from magnetic north: VTG's when it gives one (`GPSDReports`
    /// sets it), else `track` plus `magneticVariation`, in 0..<360.
    public var magneticTrack: Double?
    /// Magnetic variation, degrees east of true north: RMC's, else (when RMC leaves it empty or
    /// says 0.0, as some receivers do for none) gpsd's 5° table of WMM2015, as gpsd writes it.
    public var magneticVariation: Double?
    /// Speed over ground, metres per second.
    public var speed: Double?
    /// Vertical speed, metres per second, from the altitudes of consecutive 3D fixes.
    public var climb: Double?
    /// Estimated track error, degrees: the receiver's own heading accuracy where gpsd master
    /// writes it (u-blox HNR-PVT's `headAcc`).
    public var epd: Double?
    /// Estimated speed error, metres per second: the larger of `epx` and `epy` of this fix and
    /// of the previous one, over the seconds between them (gpsd's `eps`).
    public var eps: Double?
    /// Estimated climb error, metres per second: this fix's `epv` plus the previous one's, over
    /// the seconds between them (gpsd's `epc`, written for 3D fixes).
    public var epc: Double?
    /// Height of the geoid above the ellipsoid, metres: GGA's or GNS's, else gpsd's 5° table of
    /// EGM2008, as gpsd fills it in.
    public var geoidSeparation: Double?
    /// Estimated horizontal error, metres (HDOP × 19 m, or × 4.75 m with DGPS).
    public var eph: Double?
    /// Estimated spherical error, metres (PDOP × 19 m, or × 4.75 m with DGPS).
    public var sep: Double?
    /// The Earth-centred position, metres, and the receiver's estimate of its error (u-blox
    /// NAV-POSECEF, NAV-SOL).
    public var ecefPosition: ECEF?, ecefPositionAccuracy: Double?
    /// The Earth-centred velocity, metres per second, and the receiver's estimate of its error
    /// (u-blox NAV-VELECEF, NAV-SOL).
    public var ecefVelocity: ECEF?, ecefVelocityAccuracy: Double?
    /// The receiver's horizontal error ellipse (u-blox NAV-EELL): the orientation of its
    /// semi-major axis, degrees from true north, and its semi-major and semi-minor axes, metres.
    public var errorEllipse: NavigationSolution.ErrorEllipse?
    /// Velocity north, east and down, metres per second, when the receiver gave them (u-blox
    /// NAV-PVT, NAV-VELNED).
    public var velocityNorth: Double?, velocityEast: Double?, velocityDown: Double?
    /// Age of the differential corrections, seconds (GGA's), written with `dgpsStation`.
    public var dgpsAge: Double?
    /// The differential reference station (GGA's, 0–1023), written with `dgpsAge`.
    public var dgpsStation: Int?

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
        let (latitude, longitude) = (location.coordinate.latitude, location.coordinate.longitude)
        self.latitude = latitude
        self.longitude = longitude
        altitudeMSL = location.altitude
        // gpsd fills in the separation from its table when GGA leaves it empty, and the height
        // above the ellipsoid from it.
        let separation = location.geoidSeparation ?? FiveDegreeGrid.geoidSeparation.value(latitude: latitude, longitude: longitude)
        altitudeHAE = location.altitude.map { $0 + separation }
        // gpsd writes the geoid separation of 3D fixes only.
        geoidSeparation = mode == 3 ? separation : nil
        track = location.course
        speed = location.speed
        let variation = location.magneticVariation.flatMap { $0.isFinite && $0.magnitude > 0.09 ? $0 : nil }
            ?? FiveDegreeGrid.magneticVariation.value(latitude: latitude, longitude: longitude)
        magneticVariation = variation
        magneticTrack = track.map { Self.normalized(degrees: $0 + variation) }
        setErrors(dilutions: (location.hdop, location.vdop, location.pdop))
        if mode == 3, let previous, previous.mode == 3, let height = altitudeHAE ?? altitudeMSL,
           let previousHeight = previous.altitudeHAE ?? previous.altitudeMSL,
           let time, let previousTime = previous.time, time > previousTime {
            climb = (height - previousHeight) / time.timeIntervalSince(previousTime)
        }
    }

    /// `degrees` in 0..<360, as gpsd's `DEG_NORM` puts a track.
    static func normalized(degrees: Double) -> Double {
        if degrees < 0 { return degrees + 360 }
        if degrees >= 360 { return degrees - 360 }
        return degrees
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
        if let leapSeconds = report.leapSeconds { field("leapseconds", leapSeconds) }
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
        field("magtrack", report.magneticTrack, decimals: 4)
        field("magvar", report.magneticVariation, decimals: 1)
        field("speed", report.speed, decimals: 3)
        // gpsd never writes a negative zero climb.
        field("climb", report.climb.map { abs($0) < 0.0005 ? 0 : $0 }, decimals: 3)
        field("epd", report.epd, decimals: 4)
        field("eps", report.eps, decimals: 2)
        if report.mode == 3 { field("epc", report.epc, decimals: 2) }
        if let position = report.ecefPosition {
            field("ecefx", position.x, decimals: 4)
            field("ecefy", position.y, decimals: 4)
            field("ecefz", position.z, decimals: 4)
        }
        if let velocity = report.ecefVelocity {
            field("ecefvx", velocity.x, decimals: 2)
            field("ecefvy", velocity.y, decimals: 2)
            field("ecefvz", velocity.z, decimals: 2)
        }
        field("ecefpAcc", report.ecefPositionAccuracy, decimals: 4)
        field("ecefvAcc", report.ecefVelocityAccuracy, decimals: 4)
        if let ellipse = report.errorEllipse {
            field("errEllOr", ellipse.orientation, decimals: 2)
            field("errEllMaj", ellipse.semiMajorAxis, decimals: 3)
            field("errEllMin", ellipse.semiMinorAxis, decimals: 3)
        }
        field("velN", report.velocityNorth, decimals: 3)
        field("velE", report.velocityEast, decimals: 3)
        field("velD", report.velocityDown, decimals: 3)
        field("geoidSep", report.geoidSeparation, decimals: 3)
        field("eph", report.eph, decimals: 3)
        field("sep", report.sep, decimals: 3)
        // Both or neither, as gpsd writes them.
        if let age = report.dgpsAge, let station = report.dgpsStation {
            field("dgpsAge", age, decimals: 1)
            field("dgpsSta", station)
        }
        endObject()
    }
}
