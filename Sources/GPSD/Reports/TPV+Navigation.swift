import GPSReader
import LocationTracking

/// What gpsd (master) writes from a u-blox receiver's own solution, over what it derives for
/// NMEA receivers.
extension TPV {
    /// Lays `navigation`, the epoch's u-blox solution, over the report: the status of a
    /// time-only fix (7), of GNSS with dead reckoning (6) and of dead reckoning alone (5) where
    /// no corrections say more; the receiver's height above the ellipsoid, with gpsd's table
    /// separation beside it (gpsd master keeps its own geoid model, and derives the height
    /// above sea level from it where the receiver gave none); the velocity in north,
    /// east and down, and the climb from it; the leap seconds; and `eph`, `epv` and `eps` from the receiver's own hAcc,
    /// vAcc and sAcc in place of the error model's.
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
        guard mode >= 2, let location else { return }
        if let dilutions = navigation.dilutions { setHorizontalErrors(eastDOP: dilutions.edop, northDOP: dilutions.ndop) }
        if let height = navigation.heightAboveEllipsoid {
            let separation = FiveDegreeGrid.geoidSeparation.value(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
            altitudeHAE = height
            // NAV-SOL gives no height above sea level: gpsd takes it from its geoid table.
            altitudeMSL = altitudeMSL ?? height - separation
            if mode == 3 { geoidSeparation = separation }
        }
        if let velocity = navigation.velocity { setVelocity(velocity) }
        guard location.isAccuracyFromReceiver else { return }
        eph = location.horizontalAccuracy
        if mode == 3 { epv = location.verticalAccuracy }
    }

    /// Sets `velN`, `velE` and `velD` of a fix (mode 2 or 3) to the velocity the receiver gave
    /// (u-blox NAV-PVT, SkyTraq's PSTI,030), and a 3D fix's climb from it: gpsd's climb is the
    /// receiver's own where it gives a vertical velocity.
    mutating func setVelocity(_ velocity: NavigationSolution.Velocity) {
        guard mode >= 2 else { return }
        velocityNorth = velocity.north
        velocityEast = velocity.east
        velocityDown = velocity.down
        if mode == 3 { climb = -velocity.down }
    }

    /// Sets `eps` to the receiver's own speed accuracy where the error model could not derive
    /// it from consecutive fixes' `epx` and `epy`, as gpsd master's model fills in only what
    /// is missing.
    mutating func setSpeedError(from location: Location?) {
        guard mode >= 2, eps == nil, let accuracy = location?.speedAccuracy else { return }
        eps = accuracy
    }
}
