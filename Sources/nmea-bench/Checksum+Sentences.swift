import NMEA

// One fold per decoder: every stored public property of the decoded sentence,
// in the order the decoder declares them (derived ones, such as
// `speedMetersPerSecond`, are left out).

extension Checksum {
    mutating func fold(_ gga: GGA) {
        fold(gga.time)
        fold(gga.latitude)
        fold(gga.longitude)
        fold(gga.fixQuality)
        fold(gga.satellitesUsed)
        fold(gga.hdop)
        fold(gga.altitude)
        fold(gga.geoidSeparation)
        fold(gga.dgpsAge)
        fold(gga.dgpsStation)
        fold(gga.malformedFields)
    }

    mutating func fold(_ rmc: RMC) {
        fold(rmc.time)
        fold(rmc.status)
        fold(rmc.latitude)
        fold(rmc.longitude)
        fold(rmc.speedKnots)
        fold(rmc.courseDegrees)
        fold(rmc.date)
        fold(rmc.magneticVariation)
        fold(rmc.mode)
        fold(rmc.navigationalStatus)
        fold(rmc.malformedFields)
    }

    mutating func fold(_ gsa: GSA) {
        fold(gsa.selectionMode)
        fold(gsa.fixDimension)
        for id in gsa.satellitesUsed { fold(id) }
        fold(gsa.pdop)
        fold(gsa.hdop)
        fold(gsa.vdop)
        fold(gsa.systemID)
        fold(gsa.malformedFields)
    }

    mutating func fold(_ gsv: GSV) {
        fold(gsv.sentenceCount)
        fold(gsv.sentenceNumber)
        fold(gsv.satellitesInView)
        for satellite in gsv.satellites {
            fold(satellite.id)
            fold(satellite.elevation)
            fold(satellite.azimuth)
            fold(satellite.snr)
        }
        fold(gsv.signalID)
        fold(gsv.malformedFields)
    }

    mutating func fold(_ vtg: VTG) {
        fold(vtg.courseTrueDegrees)
        fold(vtg.courseMagneticDegrees)
        fold(vtg.speedKnots)
        fold(vtg.speedKilometersPerHour)
        fold(vtg.mode)
        fold(vtg.malformedFields)
    }

    mutating func fold(_ gll: GLL) {
        fold(gll.latitude)
        fold(gll.longitude)
        fold(gll.time)
        fold(gll.status)
        fold(gll.mode)
        fold(gll.malformedFields)
    }

    mutating func fold(_ gns: GNS) {
        fold(gns.time)
        fold(gns.latitude)
        fold(gns.longitude)
        for mode in gns.modes { fold(mode) }
        fold(gns.satellitesUsed)
        fold(gns.hdop)
        fold(gns.altitude)
        fold(gns.geoidSeparation)
        fold(gns.dgpsAge)
        fold(gns.dgpsStation)
        fold(gns.navigationalStatus)
        fold(gns.malformedFields)
    }

    mutating func fold(_ zda: ZDA) {
        fold(zda.time)
        fold(zda.day)
        fold(zda.month)
        fold(zda.year)
        fold(zda.localZoneHours)
        fold(zda.localZoneMinutes)
        fold(zda.malformedFields)
    }

    mutating func fold(_ gst: GST) {
        fold(gst.time)
        fold(gst.rangeRMS)
        fold(gst.semiMajorDeviation)
        fold(gst.semiMinorDeviation)
        fold(gst.orientationDegrees)
        fold(gst.latitudeDeviation)
        fold(gst.longitudeDeviation)
        fold(gst.altitudeDeviation)
        fold(gst.malformedFields)
    }

    mutating func fold(_ hdt: HDT) {
        fold(hdt.headingDegrees)
        fold(hdt.malformedFields)
    }
}
