import GNSS
import LocationTracking
import UBX

/// What the u-blox navigation messages of one epoch said, kept apart from its sentences' values
/// and laid over them when the fix is made: where both say the same, UBX's are the finer (1e-7°
/// against NMEA's 1e-4′, the receiver's own accuracies against ones guessed from dilutions), as
/// gpsd prefers them.
struct UBXEpochPart {
    var solution: NavigationSolution
    var coordinate: Coordinate?
    var altitude: Double?
    var speed: Double?
    var course: Double?
    var quality: FixQuality?
    var mode: FixMode?
    var satellitesUsed: Int?
    var pdop: Double?
    var hdop: Double?
    var vdop: Double?
    var horizontalAccuracy: Double?
    var verticalAccuracy: Double?
    var speedAccuracy: Double?
    var courseAccuracy: Double?
    var magneticVariation: Double?
    /// Whether NAV-HPPOSECEF gave the Earth-centred position, which NAV-POSECEF's then leaves.
    var hasHighPrecisionECEF = false

    init(timeOfWeek: UInt32) {
        solution = NavigationSolution(timeOfWeek: timeOfWeek)
    }

    mutating func merge(_ pvt: NAVPVT) {
        let fixType = pvt.fixType.flatMap { NavigationSolution.FixType(rawValue: $0.rawValue) }
        solution.fixType = fixType
        solution.fixMessage = .navPVT
        coordinate = Coordinate(latitude: pvt.latitude, longitude: pvt.longitude)
        altitude = pvt.heightAboveMeanSeaLevel
        solution.heightAboveEllipsoid = pvt.heightAboveEllipsoid
        solution.velocity = NavigationSolution.Velocity(north: pvt.velocityNorth, east: pvt.velocityEast, down: pvt.velocityDown)
        solution.timeAccuracy = pvt.timeAccuracy
        speed = pvt.groundSpeed
        course = pvt.headingOfMotion
        quality = Self.quality(fixType, differential: pvt.differentialSolution, carrier: pvt.carrierSolution)
        mode = Self.mode(fixType)
        satellitesUsed = pvt.satellitesUsed
        pdop = pvt.pdop ?? pdop
        horizontalAccuracy = pvt.horizontalAccuracy
        verticalAccuracy = pvt.verticalAccuracy
        speedAccuracy = pvt.speedAccuracy
        courseAccuracy = pvt.headingAccuracy
        magneticVariation = pvt.magneticDeclination
    }

    /// The fix: the sentences' `location` (if any) with this part's values laid over it.
    ///
    /// A height above the ellipsoid with no height above sea level (NAV-SOL's) gives the
    /// altitude through gpsd's geoid table, as gpsd's `altMSL` does. Accuracies the receiver
    /// does not give are estimated from the fix's dilutions, as for sentences.
    func overlay(_ location: Location?) -> Location? {
        guard let coordinate = coordinate ?? location?.coordinate else { return location }
        var fix = location ?? Location(coordinate: coordinate)
        fix.coordinate = coordinate
        fix.altitude = altitude ?? fix.altitude
        if let height = solution.heightAboveEllipsoid {
            if let altitude {
                fix.geoidSeparation = height - altitude
            } else if fix.altitude == nil {
                let separation = FiveDegreeGrid.geoidSeparation.value(latitude: coordinate.latitude, longitude: coordinate.longitude)
                fix.altitude = height - separation
                fix.geoidSeparation = separation
            }
        }
        fix.speed = speed ?? fix.speed
        fix.course = course ?? fix.course
        fix.quality = quality ?? fix.quality
        fix.mode = mode ?? fix.mode
        fix.satellitesUsed = satellitesUsed ?? fix.satellitesUsed
        fix.pdop = pdop ?? fix.pdop
        fix.hdop = hdop ?? fix.hdop
        fix.vdop = vdop ?? fix.vdop
        fix.magneticVariation = magneticVariation ?? fix.magneticVariation
        if let horizontalAccuracy {
            fix.horizontalAccuracy = horizontalAccuracy
            fix.verticalAccuracy = verticalAccuracy ?? fix.verticalAccuracy
            fix.isAccuracyFromReceiver = true
        }
        fix.speedAccuracy = speedAccuracy ?? fix.speedAccuracy
        fix.courseAccuracy = courseAccuracy ?? fix.courseAccuracy
        if !fix.isAccuracyFromReceiver {
            fix.horizontalAccuracy = Location.estimatedHorizontalAccuracy(hdop: fix.hdop, quality: fix.quality)
            fix.verticalAccuracy = Location.estimatedVerticalAccuracy(vdop: fix.vdop, quality: fix.quality)
        }
        return fix
    }

    /// GGA's quality for a u-blox fix: its corrections where it has a fix, dead reckoning as
    /// such, no fix as invalid.
    static func quality(_ fixType: NavigationSolution.FixType?, differential: Bool, carrier: NAVPVT.CarrierSolution?) -> FixQuality? {
        switch fixType {
        case .noFix?: return .invalid
        case .deadReckoning?: return .deadReckoning
        case nil: return nil
        default:
            if carrier == .fixed { return .rtkFixed }
            if carrier == .float { return .rtkFloat }
            return differential ? .differential : .gps
        }
    }

    /// The fix's dimension: dead reckoning counts as 2D, a time-only fix as 3D (its surveyed
    /// position), as gpsd counts them.
    static func mode(_ fixType: NavigationSolution.FixType?) -> FixMode? {
        switch fixType {
        case .noFix?: .noFix
        case .deadReckoning?, .twoDimensional?: .twoDimensional
        case .threeDimensional?, .gnssWithDeadReckoning?, .timeOnly?: .threeDimensional
        case nil: nil
        }
    }
}
