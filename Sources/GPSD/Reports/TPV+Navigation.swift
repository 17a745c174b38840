import GNSS
import GPSReader
import LocationTracking

/// What gpsd (master) writes from a u-blox receiver's own solution, over what it derives for
/// NMEA receivers.
extension TPV {
    /// Lays `navigation`, the epoch's u-blox solution, over the report: the status of a
    /// time-only fix (7), of GNSS with dead reckoning (6) and of dead reckoning alone (5) where
    /// no corrections say more; the receiver's height above the ellipsoid, with gpsd's table
    /// separation beside it (gpsd master keeps its own geoid model, and derives the height
    /// above sea level from it where the receiver gave none); gpsd's table magnetic variation
    /// (gpsd master reads no declination from NAV-PVT); the velocity in north, east and down,
    /// and the climb as gpsd master takes it (`setVelocity(_:climbFrom:)`); the leap seconds;
    /// `eph` and `epv` from the receiver's own hAcc and vAcc in place of the error model's; the
    /// error ellipse (NAV-EELL); and HNR-PVT's heading accuracy as `epd`.
    mutating func setNavigation(_ navigation: NavigationSolution, location: Location?) {
        switch navigation.fixType {
        case .timeOnly?: status = 7
        case .gnssWithDeadReckoning? where status == nil: status = 6
        case .deadReckoning? where status == nil: status = 5
        default: break
        }
        leapSeconds = navigation.leapSeconds ?? leapSeconds
        ecefPosition = navigation.earthCentredPosition
        ecefPositionAccuracy = navigation.earthCentredPositionAccuracy
        ecefVelocity = navigation.earthCentredVelocity
        ecefVelocityAccuracy = navigation.earthCentredVelocityAccuracy
        errorEllipse = navigation.errorEllipse
        guard mode >= 2, let location else { return }
        if let dilutions = navigation.dilutions { setHorizontalErrors(eastDOP: dilutions.edop, northDOP: dilutions.ndop) }
        let (latitude, longitude) = (location.coordinate.latitude, location.coordinate.longitude)
        if let height = navigation.heightAboveEllipsoid {
            let separation = FiveDegreeGrid.geoidSeparation.value(latitude: latitude, longitude: longitude)
            altitudeHAE = height
            // NAV-SOL gives no height above sea level: gpsd takes it from its geoid table.
            altitudeMSL = altitudeMSL ?? height - separation
            if mode == 3 { geoidSeparation = separation }
        }
        if navigation.fixMessage != nil {
            let variation = FiveDegreeGrid.magneticVariation.value(latitude: latitude, longitude: longitude)
            magneticVariation = variation
            magneticTrack = track.map { Self.normalized(degrees: $0 + variation) }
        }
        if let velocity = navigation.velocity { setVelocity(velocity, climbFrom: navigation.fixMessage) }
        if navigation.fixMessage == .hnrPVT {
            // gpsd multiplies the message's 1e-5° units by 1e-5, a double a hair off the
            // decimal: written to four places, 4.84085 comes out 4.8409 as gpsd writes it.
            epd = location.courseAccuracy.map { ($0 * 1e5).rounded() * 1e-5 }
        }
        guard location.isAccuracyFromReceiver else { return }
        eph = location.horizontalAccuracy
        if mode == 3 { epv = location.verticalAccuracy }
    }

    /// Sets `velN`, `velE` and `velD` of a fix (mode 2 or 3) to the velocity the receiver gave
    /// (u-blox NAV-PVT, NAV-VELNED, NAV-SOL; SkyTraq's PSTI,030), and a 3D fix's climb from it,
    /// as gpsd takes a receiver's vertical velocity for the climb, except NAV-PVT's
    /// (`fixMessage`): gpsd master reads no velocity from NAV-PVT and derives its climb from
    /// the heights of consecutive fixes, as `init(_:device:previous:)` does.
    mutating func setVelocity(_ velocity: NavigationSolution.Velocity, climbFrom fixMessage: NavigationSolution.FixMessage? = nil) {
        guard mode >= 2 else { return }
        velocityNorth = velocity.north
        velocityEast = velocity.east
        velocityDown = velocity.down
        if mode == 3, fixMessage != .navPVT { climb = -velocity.down }
    }

    /// Sets `eps` to the receiver's own speed accuracy (`Location.speedAccuracy`, m/s; `nil`
    /// leaves it): over the error model's for a u-blox solution gpsd master reports as its
    /// message comes (`fromReceiver`: NAV-SOL's and HNR-PVT's sAcc), otherwise only where the
    /// model could not derive it from consecutive fixes' `epx` and `epy` (NAV-PVT's, which gpsd
    /// reports at the end of the epoch, where its model fills in what the last message left
    /// missing, and NMEA's).
    mutating func setSpeedError(_ accuracy: Double?, overModel fromReceiver: Bool = false) {
        guard mode >= 2, eps == nil || fromReceiver, let accuracy else { return }
        eps = accuracy
    }
}
