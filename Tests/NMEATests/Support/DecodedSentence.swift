import Foundation
import NMEA

/// Any sentence the package decodes, decoded.
enum DecodedSentence: Hashable {
    case gga(GGA), rmc(RMC), gsa(GSA), gsv(GSV), vtg(VTG), gll(GLL), gns(GNS), zda(ZDA), gst(GST), hdt(HDT)

    /// Decodes `sentence` with the decoder for its type.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for a type without a decoder.
    init(_ sentence: NMEASentence) throws(NMEAError) {
        switch sentence.type {
        case .gga: self = .gga(try GGA(sentence))
        case .rmc: self = .rmc(try RMC(sentence))
        case .gsa: self = .gsa(try GSA(sentence))
        case .gsv: self = .gsv(try GSV(sentence))
        case .vtg: self = .vtg(try VTG(sentence))
        case .gll: self = .gll(try GLL(sentence))
        case .gns: self = .gns(try GNS(sentence))
        case .zda: self = .zda(try ZDA(sentence))
        case .gst: self = .gst(try GST(sentence))
        case .hdt: self = .hdt(try HDT(sentence))
        default: throw .unexpectedSentenceType(sentence.type)
        }
    }

    /// The optional fields the decoder found malformed.
    var malformedFields: FieldNumbers {
        switch self {
        case let .gga(value): value.malformedFields
        case let .rmc(value): value.malformedFields
        case let .gsa(value): value.malformedFields
        case let .gsv(value): value.malformedFields
        case let .vtg(value): value.malformedFields
        case let .gll(value): value.malformedFields
        case let .gns(value): value.malformedFields
        case let .zda(value): value.malformedFields
        case let .gst(value): value.malformedFields
        case let .hdt(value): value.malformedFields
        }
    }

    /// The decoded values under the keys of `shared/corpus/vectors.jsonl`
    /// (see VECTORS.md); a key maps to `nil` when the value is empty.
    var vectorValues: [String: Any?] {
        func letter(_ byte: UInt8?) -> Any? { byte.map { String(UnicodeScalar($0)) } }
        switch self {
        case let .gga(fix):
            return ["time": fix.time.map(format), "lat": fix.latitude, "lon": fix.longitude,
                    "fix_quality": fix.fixQuality.map { Int($0.rawValue) }, "satellites": fix.satellitesUsed,
                    "hdop": fix.hdop, "altitude_m": fix.altitude, "geoid_sep_m": fix.geoidSeparation,
                    "dgps_age_s": fix.dgpsAge, "dgps_station": fix.dgpsStation, "fix_valid": fix.isValidFix]
        case let .rmc(fix):
            return ["time": fix.time.map(format), "lat": fix.latitude, "lon": fix.longitude,
                    "status": letter(fix.status?.rawValue), "speed_knots": fix.speedKnots,
                    "course_deg": fix.courseDegrees, "date": fix.date.map(format),
                    "mag_var_deg": fix.magneticVariation, "mode": letter(fix.mode?.rawValue),
                    "nav_status": letter(fix.navigationalStatus?.rawValue), "fix_valid": fix.isValidFix]
        case let .gsa(gsa):
            return ["gsa_mode": letter(gsa.selectionMode?.rawValue), "fix_type": gsa.fixDimension.map { Int($0.rawValue) },
                    "sats_used": Array(gsa.satellitesUsed) as [Any?], "pdop": gsa.pdop, "hdop": gsa.hdop,
                    "vdop": gsa.vdop, "system_id": gsa.systemID.map { Int($0) },
                    "fix_valid": gsa.fixDimension.map { $0.rawValue >= 2 }]
        case let .gsv(gsv):
            return ["msg_total": gsv.sentenceCount, "msg_num": gsv.sentenceNumber, "sats_in_view": gsv.satellitesInView,
                    "signal_id": gsv.signalID.map { Int($0) },
                    "sats": gsv.satellites.map { [$0.id, $0.elevation, $0.azimuth, $0.snr] as [Any?] } as [Any?]]
        case let .vtg(vtg):
            return ["course_deg": vtg.courseTrueDegrees, "course_mag_deg": vtg.courseMagneticDegrees,
                    "speed_knots": vtg.speedKnots, "speed_kmh": vtg.speedKilometersPerHour,
                    "mode": letter(vtg.mode?.rawValue)]
        case let .gll(gll):
            return ["lat": gll.latitude, "lon": gll.longitude, "time": gll.time.map(format),
                    "status": letter(gll.status?.rawValue), "mode": letter(gll.mode?.rawValue),
                    "fix_valid": gll.status == .valid]
        case let .gns(gns):
            return ["time": gns.time.map(format), "lat": gns.latitude, "lon": gns.longitude,
                    "mode": gns.modes.isEmpty ? nil : gns.modes.description, "satellites": gns.satellitesUsed,
                    "hdop": gns.hdop, "altitude_m": gns.altitude, "geoid_sep_m": gns.geoidSeparation,
                    "dgps_age_s": gns.dgpsAge, "dgps_station": gns.dgpsStation,
                    "nav_status": letter(gns.navigationalStatus?.rawValue)]
        case let .zda(zda):
            let date = zip3(zda.day, zda.month, zda.year).map { String(format: "%02d%02d%02d", $0, $1, $2 % 100) }
            return ["time": zda.time.map(format), "day": zda.day, "month": zda.month, "year": zda.year, "date": date,
                    "tz_hours": zda.localZoneHours, "tz_minutes": zda.localZoneMinutes]
        case let .gst(gst):
            return ["time": gst.time.map(format)]
        case let .hdt(hdt):
            return ["heading_deg": hdt.headingDegrees]
        }
    }
}

private func zip3<A, B, C>(_ a: A?, _ b: B?, _ c: C?) -> (A, B, C)? {
    guard let a, let b, let c else { return nil }
    return (a, b, c)
}

/// `hhmmss.sss`, with six decimals when the time has sub-millisecond digits.
func format(_ time: UTCTime) -> String {
    let fraction = time.nanosecond % 1_000_000 == 0
        ? String(format: "%03d", time.nanosecond / 1_000_000)
        : String(format: "%06d", time.nanosecond / 1_000)
    return String(format: "%02d%02d%02d.", time.hour, time.minute, time.second) + fraction
}

/// `ddmmyy`.
func format(_ date: NMEADate) -> String {
    String(format: "%02d%02d%02d", date.day, date.month, date.twoDigitYear)
}
