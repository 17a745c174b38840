#if canImport(Glibc)
import Glibc
#endif
import GNSS
import LocationTracking
import UBX

/// The navigation messages besides NAV-PVT, each merged where it says something NAV-PVT does
/// not, or says it more finely.
extension UBXEpochPart {
    /// HPPOSLLH's 0.1 mm position and heights and its accuracies, over NAV-PVT's.
    mutating func merge(_ position: NAVHPPOSLLH) {
        guard !position.invalidPosition, let latitude = position.latitude, let longitude = position.longitude else { return }
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
        solution.heightAboveEllipsoid = position.heightAboveEllipsoid ?? solution.heightAboveEllipsoid
        altitude = position.heightAboveMeanSeaLevel ?? altitude
        horizontalAccuracy = position.horizontalAccuracy
        verticalAccuracy = position.verticalAccuracy
    }

    /// POSLLH's position, where no NAV-PVT gave one (the older generation).
    mutating func merge(_ position: NAVPOSLLH) {
        guard coordinate == nil else { return }
        solution.fixMessage = solution.fixMessage ?? .navPOSLLH
        coordinate = Coordinate(latitude: position.latitude, longitude: position.longitude)
        solution.heightAboveEllipsoid = position.heightAboveEllipsoid
        altitude = position.heightAboveMeanSeaLevel
        horizontalAccuracy = position.horizontalAccuracy
        verticalAccuracy = position.verticalAccuracy
    }

    /// VELNED's velocity, where no NAV-PVT gave one.
    mutating func merge(_ velocity: NAVVELNED) {
        guard solution.velocity == nil else { return }
        solution.velocity = NavigationSolution.Velocity(north: velocity.velocityNorth, east: velocity.velocityEast, down: velocity.velocityDown)
        speed = velocity.groundSpeed
        course = velocity.heading
        speedAccuracy = velocity.speedAccuracy
        courseAccuracy = velocity.headingAccuracy
    }

    /// NAV-DOP's dilutions: every one, for the sky report, and the fix's HDOP and VDOP.
    mutating func merge(_ dop: NAVDOP) {
        solution.dilutions = NavigationSolution.Dilutions(
            gdop: dop.gdop, pdop: dop.pdop, tdop: dop.tdop, vdop: dop.vdop, hdop: dop.hdop, ndop: dop.ndop, edop: dop.edop)
        pdop = dop.pdop ?? pdop
        hdop = dop.hdop ?? hdop
        vdop = dop.vdop ?? vdop
    }

    /// The Earth-centred position and its accuracy, where NAV-HPPOSECEF gave none.
    mutating func merge(_ position: NAVPOSECEF) {
        guard !hasHighPrecisionECEF else { return }
        solution.earthCentredPosition = position.position
        solution.earthCentredPositionAccuracy = position.positionAccuracy
    }

    /// HPPOSECEF's 0.1 mm Earth-centred position and accuracy, over NAV-POSECEF's.
    mutating func merge(_ position: NAVHPPOSECEF) {
        guard let ecef = position.position else { return }
        hasHighPrecisionECEF = true
        solution.earthCentredPosition = ecef
        solution.earthCentredPositionAccuracy = position.positionAccuracy
    }

    /// The Earth-centred velocity and its accuracy.
    mutating func merge(_ velocity: NAVVELECEF) {
        solution.earthCentredVelocity = velocity.velocity
        solution.earthCentredVelocityAccuracy = velocity.speedAccuracy
    }

    /// NAV-SOL, the older generation's solution: its fix, and its Earth-centred position and
    /// velocity turned into latitude, longitude, height, speed and course, as gpsd turns them,
    /// where no NAV-PVT gave them.
    mutating func merge(_ sol: NAVSOL) {
        solution.earthCentredPosition = sol.position
        solution.earthCentredPositionAccuracy = sol.positionAccuracy
        solution.earthCentredVelocity = sol.velocity
        solution.earthCentredVelocityAccuracy = sol.speedAccuracy
        guard solution.fixType == nil else { return }
        let fixType = sol.fixType.flatMap { NavigationSolution.FixType(rawValue: $0.rawValue) }
        solution.fixType = fixType
        solution.fixMessage = .navSOL
        quality = Self.quality(fixType, differential: sol.differentialSolution, carrier: nil)
        mode = Self.mode(fixType)
        satellitesUsed = sol.satellitesUsed
        // sAcc: the receiver's speed accuracy, as NAV-PVT's.
        speedAccuracy = sol.speedAccuracy
        pdop = sol.pdop ?? pdop
        let geodetic = sol.position.geodetic
        guard geodetic.latitude.isFinite, geodetic.longitude.isFinite else { return }
        coordinate = Coordinate(latitude: geodetic.latitude, longitude: geodetic.longitude)
        solution.heightAboveEllipsoid = geodetic.heightAboveEllipsoid
        let velocity = sol.velocity.northEastDown(latitude: geodetic.latitude, longitude: geodetic.longitude)
        solution.velocity = NavigationSolution.Velocity(north: velocity.north, east: velocity.east, down: velocity.down)
        speed = (velocity.north * velocity.north + velocity.east * velocity.east).squareRoot()
        var track = atan2(velocity.east, velocity.north) * 180 / .pi
        if track < 0 { track += 360 }
        course = track
    }

    /// HNR-PVT, a high-rate solution of an M8 ADR/UDR receiver between its navigation epochs.
    mutating func merge(_ pvt: HNRPVT) {
        let fixType = pvt.fixType.flatMap { NavigationSolution.FixType(rawValue: $0.rawValue) }
        solution.fixType = fixType
        solution.fixMessage = .hnrPVT
        quality = Self.quality(fixType, differential: pvt.differentialSolution, carrier: nil)
        mode = Self.mode(fixType)
        coordinate = Coordinate(latitude: pvt.latitude, longitude: pvt.longitude)
        altitude = pvt.heightAboveMeanSeaLevel
        solution.heightAboveEllipsoid = pvt.heightAboveEllipsoid
        speed = pvt.groundSpeed
        course = pvt.headingOfMotion
        horizontalAccuracy = pvt.horizontalAccuracy
        verticalAccuracy = pvt.verticalAccuracy
        speedAccuracy = pvt.speedAccuracy
        courseAccuracy = pvt.headingAccuracy
    }
}
