import GNSS
import UBX

// NAV-PVT and NAV-SAT folded as the sentences are: every stored public property, in the order
// the decoder declares them, and every satellite's; derived ones (NAV-SAT's named flags, the
// gpsd PRN) are left out, as the sentences' are.

extension Checksum {
    mutating func fold(_ pvt: NAVPVT) {
        fold(Int(pvt.iTOW))
        fold(pvt.year << 40 | pvt.month << 32 | pvt.day << 24 | pvt.hour << 16 | pvt.minute << 8 | pvt.second)
        fold(pvt.nanosecond)
        fold((pvt.validDate ? 1 : 0) | (pvt.validTime ? 2 : 0) | (pvt.fullyResolved ? 4 : 0))
        fold(pvt.timeAccuracy)
        fold(pvt.fixType)
        fold((pvt.gnssFixOK ? 1 : 0) | (pvt.differentialSolution ? 2 : 0) | (pvt.invalidPosition ? 4 : 0))
        fold(pvt.carrierSolution)
        fold(pvt.satellitesUsed)
        fold(pvt.latitude)
        fold(pvt.longitude)
        fold(pvt.heightAboveEllipsoid)
        fold(pvt.heightAboveMeanSeaLevel)
        fold(pvt.horizontalAccuracy)
        fold(pvt.verticalAccuracy)
        fold(pvt.velocityNorth)
        fold(pvt.velocityEast)
        fold(pvt.velocityDown)
        fold(pvt.groundSpeed)
        fold(pvt.headingOfMotion)
        fold(pvt.speedAccuracy)
        fold(pvt.headingAccuracy)
        fold(pvt.pdop)
        fold(pvt.magneticDeclination)
    }

    mutating func fold(_ sat: NAVSAT) {
        fold(Int(sat.iTOW))
        fold(sat.count)
        for satellite in sat {
            fold(Int(satellite.constellation.rawValue) << 8 | satellite.svId)
            fold(satellite.carrierToNoise)
            fold(satellite.elevation)
            fold(satellite.azimuth)
            fold(satellite.pseudorangeResidual)
            fold(Int(satellite.flags))
        }
    }
}
