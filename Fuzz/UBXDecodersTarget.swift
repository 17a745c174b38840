import UBX

/// Decodes the input as one UBX message with every UBX decoder, reads every field and every
/// block, and traps on a value outside the range a decoder documents. A short payload or a
/// count that lies must be an error: a read past the payload traps in `UBXMessage`'s bounds
/// checks (and AddressSanitizer sees it too, the payload ending where the input does).
///
/// The first byte picks the message's class and id from ``messageIDs`` (modulo its count); the
/// rest is the payload. Seeds are the payloads of gpsd's u-blox logs, behind their ids' bytes.
enum UBXDecodersTarget {
    /// The messages the first byte picks from, in the order .ci/fuzz writes the seeds' first
    /// byte.
    static let messageIDs: [UBXMessageID] = [
        .navPVT, .navHPPOSLLH, .navDOP, .navTIMEUTC, .navEOE, .navSAT, .navSIG, .navSOL, .navPOSLLH, .navVELNED,
        .navTIMEGPS, .navSVINFO, .hnrPVT, .infERROR, .infWARNING, .infNOTICE, .infTEST, .infDEBUG, .navEELL,
        .navHPPOSECEF,
    ]

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let id = messageIDs[Int(first) % messageIDs.count]
        let message = UBXMessage(id: id, payload: UnsafeRawBufferPointer(rebasing: input[1...]))
        var decoded = 0
        if let pvt = try? NAVPVT(message) {
            decoded += 1
            _ = pvt.hashValue
            if let pdop = pvt.pdop { precondition((0..<99.99).contains(pdop), "a pDOP past 99.98") }
        }
        if let position = try? NAVHPPOSLLH(message) {
            decoded += 1
            precondition(position.invalidPosition == (position.latitude == nil), "invalidLlh and the position disagree")
            _ = position.hashValue
        }
        if let dop = try? NAVDOP(message) {
            decoded += 1
            for value in [dop.gdop, dop.pdop, dop.tdop, dop.vdop, dop.hdop, dop.ndop, dop.edop] {
                if let value { precondition((0..<99.99).contains(value), "a DOP past 99.98") }
            }
        }
        if let time = try? NAVTIMEUTC(message) { decoded += 1; _ = time.hashValue }
        if let end = try? NAVEOE(message) { decoded += 1; _ = end.iTOW }
        if let sol = try? NAVSOL(message) { decoded += 1; _ = (sol.hashValue, sol.position.geodetic, sol.velocity.northEastDown(latitude: 0, longitude: 0)) }
        if let position = try? NAVPOSLLH(message) { decoded += 1; _ = position.hashValue }
        if let velocity = try? NAVVELNED(message) { decoded += 1; _ = velocity.hashValue }
        if let time = try? NAVTIMEGPS(message) { decoded += 1; _ = time.hashValue }
        if let pvt = try? HNRPVT(message) { decoded += 1; _ = pvt.hashValue }
        if let ellipse = try? NAVEELL(message) {
            decoded += 1
            precondition((0..<655.36).contains(ellipse.orientation), "NAV-EELL's orientation past 16 bits of 0.01°")
            _ = ellipse.hashValue
        }
        if let position = try? NAVHPPOSECEF(message) { decoded += 1; _ = position.hashValue }
        if let information = try? UBXInformation(message) { decoded += 1; _ = information.text.utf8.count }
        if let sat = try? NAVSAT(message) { decoded += 1; checkSatellites(sat, message) }
        if let sig = try? NAVSIG(message) { decoded += 1; checkSignals(sig, message) }
        if let svinfo = try? NAVSVINFO(message) { decoded += 1; checkChannels(svinfo, message) }
        precondition(decoded <= 1, "\(decoded) decoders accepted one \(id) message")
    }

    private static func checkSatellites(_ sat: NAVSAT, _ message: UBXMessage) {
        precondition(8 + 12 * sat.count <= message.count, "NAV-SAT's blocks past its payload")
        for satellite in sat {
            checkSky(satellite.elevation, satellite.azimuth)
            precondition(satellite.quality.rawValue <= 7, "NAV-SAT's qualityInd past 3 bits")
            precondition(satellite.orbitSource.rawValue <= 7, "NAV-SAT's orbitSource past 3 bits")
            _ = (satellite.hashValue, satellite.satellite.gpsdPRN, satellite.isUsed, satellite.isHealthy, satellite.hasEphemeris,
                 satellite.hasAlmanac, satellite.clasCorrectionUsed, satellite.pseudorangeResidual)
        }
    }

    private static func checkSignals(_ sig: NAVSIG, _ message: UBXMessage) {
        precondition(8 + 16 * sig.count <= message.count, "NAV-SIG's blocks past its payload")
        for signal in sig {
            _ = (signal.hashValue, signal.satellite.gpsdPRN, signal.isHealthy, signal.isPseudorangeUsed,
                 signal.rangeRateCorrectionUsed, signal.quality.isCarrierLocked)
        }
    }

    private static func checkChannels(_ svinfo: NAVSVINFO, _ message: UBXMessage) {
        precondition(8 + 12 * svinfo.count <= message.count, "NAV-SVINFO's blocks past its payload")
        precondition((0...7).contains(svinfo.chipGeneration), "chipGen past 3 bits")
        for channel in svinfo {
            checkSky(channel.elevation, channel.azimuth)
            if let satellite = channel.satellite { precondition(satellite.gpsdPRN > 0, "a satellite numbered 0") }
            _ = (channel.hashValue, channel.isUsed, channel.isUnhealthy, channel.isSmoothed)
        }
    }

    /// Every sky view documents elevations in −90…90 and azimuths in 0…359.
    private static func checkSky(_ elevation: Int?, _ azimuth: Int?) {
        if let elevation { precondition((-90...90).contains(elevation), "elevation \(elevation) out of range") }
        if let azimuth { precondition((0..<360).contains(azimuth), "azimuth \(azimuth) out of range") }
    }
}
