import Foundation
import NMEA

/// Writes decoded values back as NMEA text, field by field, so that a round
/// trip through the decoders can be checked. Numbers are written with the
/// fewest digits that decode to the same `Double`.
extension DecodedSentence {
    /// The whole sentence, `$`, body and checksum, by the package's writer.
    func encoded(talker: String) -> String {
        NMEASentence.encode(body: ([talker + type] + fields).joined(separator: ","), lineEnd: "")
    }

    /// The same values with no field recorded as malformed: what decoding
    /// the re-encoded sentence gives.
    var withoutMalformedFields: DecodedSentence {
        switch self {
        case var .gga(value): value.malformedFields = .none; return .gga(value)
        case var .rmc(value): value.malformedFields = .none; return .rmc(value)
        case var .gsa(value): value.malformedFields = .none; return .gsa(value)
        case var .gsv(value): value.malformedFields = .none; return .gsv(value)
        case var .vtg(value): value.malformedFields = .none; return .vtg(value)
        case .gll: return self
        case var .gns(value): value.malformedFields = .none; return .gns(value)
        case var .zda(value): value.malformedFields = .none; return .zda(value)
        case var .gst(value): value.malformedFields = .none; return .gst(value)
        case var .hdt(value): value.malformedFields = .none; return .hdt(value)
        }
    }

    private var type: String {
        switch self {
        case .gga: "GGA"
        case .rmc: "RMC"
        case .gsa: "GSA"
        case .gsv: "GSV"
        case .vtg: "VTG"
        case .gll: "GLL"
        case .gns: "GNS"
        case .zda: "ZDA"
        case .gst: "GST"
        case .hdt: "HDT"
        }
    }

    private var fields: [String] {
        switch self {
        case let .gga(fix):
            return [text(fix.time)] + latitude(fix.latitude) + longitude(fix.longitude)
                + [text(fix.fixQuality?.rawValue), text(fix.satellitesUsed), text(fix.hdop), text(fix.altitude), "M",
                   text(fix.geoidSeparation), "M", text(fix.dgpsAge), text(fix.dgpsStation)]
        case let .rmc(fix):
            let variation = fix.magneticVariation
            return [text(fix.time), letter(fix.status?.rawValue)] + latitude(fix.latitude) + longitude(fix.longitude)
                + [text(fix.speedKnots), text(fix.courseDegrees), fix.date.map(format) ?? "",
                   text(variation.map(abs)), variation.map { $0 < 0 ? "W" : "E" } ?? "",
                   letter(fix.mode?.rawValue), letter(fix.navigationalStatus?.rawValue)]
        case let .gsa(gsa):
            let ids = gsa.satellitesUsed.map(String.init) + Array(repeating: "", count: 12 - gsa.satellitesUsed.count)
            return [letter(gsa.selectionMode?.rawValue), text(gsa.fixDimension?.rawValue)] + ids
                + [text(gsa.pdop), text(gsa.hdop), text(gsa.vdop)] + (gsa.systemID.map { [hex($0)] } ?? [])
        case let .gsv(gsv):
            let satellites = gsv.satellites.flatMap { [text($0.id), text($0.elevation), text($0.azimuth), text($0.snr)] }
            return [text(gsv.sentenceCount), text(gsv.sentenceNumber), text(gsv.satellitesInView)] + satellites
                + (gsv.signalID.map { [hex($0)] } ?? [])
        case let .vtg(vtg):
            return [text(vtg.courseTrueDegrees), "T", text(vtg.courseMagneticDegrees), "M", text(vtg.speedKnots), "N",
                    text(vtg.speedKilometersPerHour), "K", letter(vtg.mode?.rawValue)]
        case let .gll(gll):
            return latitude(gll.latitude) + longitude(gll.longitude)
                + [text(gll.time), letter(gll.status?.rawValue), letter(gll.mode?.rawValue)]
        case let .gns(gns):
            return [text(gns.time)] + latitude(gns.latitude) + longitude(gns.longitude)
                + [gns.modes.description, text(gns.satellitesUsed), text(gns.hdop), text(gns.altitude),
                   text(gns.geoidSeparation), text(gns.dgpsAge), text(gns.dgpsStation),
                   letter(gns.navigationalStatus?.rawValue)]
        case let .zda(zda):
            return [text(zda.time), text(zda.day), text(zda.month), text(zda.year), text(zda.localZoneHours),
                    text(zda.localZoneMinutes)]
        case let .gst(gst):
            return [text(gst.time), text(gst.rangeRMS), text(gst.semiMajorDeviation), text(gst.semiMinorDeviation),
                    text(gst.orientationDegrees), text(gst.latitudeDeviation), text(gst.longitudeDeviation),
                    text(gst.altitudeDeviation)]
        case let .hdt(hdt):
            return [text(hdt.headingDegrees), "T"]
        }
    }
}

private func text(_ value: (some BinaryInteger)?) -> String { value.map { "\($0)" } ?? "" }

private func text(_ value: Double?) -> String {
    guard let value else { return "" }
    for decimals in 0...17 {
        let candidate = String(format: "%.\(decimals)f", value)
        if Double(candidate) == value { return candidate }
    }
    return "\(value)"
}

private func text(_ time: UTCTime?) -> String {
    guard let time else { return "" }
    let whole = String(format: "%02d%02d%02d", time.hour, time.minute, time.second)
    guard time.nanosecond > 0 else { return whole }
    var fraction = String(format: "%09d", time.nanosecond)
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return whole + "." + fraction
}

private func letter(_ byte: UInt8?) -> String { byte.map { String(UnicodeScalar($0)) } ?? "" }

private func hex(_ value: UInt8) -> String { String(value, radix: 16, uppercase: true) }

private func latitude(_ degrees: Double?) -> [String] {
    guard let degrees else { return ["", ""] }
    return [angle(abs(degrees), degreeDigits: 2, hemisphere: "N"), degrees < 0 ? "S" : "N"]
}

private func longitude(_ degrees: Double?) -> [String] {
    guard let degrees else { return ["", ""] }
    return [angle(abs(degrees), degreeDigits: 3, hemisphere: "E"), degrees < 0 ? "W" : "E"]
}

/// `dddmm.mmmm` with the fewest minute digits that decode to exactly
/// `degrees` (checked by the decoder itself), or twelve.
private func angle(_ degrees: Double, degreeDigits: Int, hemisphere: String) -> String {
    let whole = Int(degrees)
    let minutes = (degrees - Double(whole)) * 60
    let prefix = String(format: "%0\(degreeDigits)d", whole)
    func candidate(_ decimals: Int) -> String {
        prefix + String(format: "%0\(decimals == 0 ? 2 : decimals + 3).\(decimals)f", minutes)
    }
    for decimals in 0...12 {
        let text = candidate(decimals)
        let body = hemisphere == "N" ? "GPGLL,\(text),N,,,," : "GPGLL,,,\(text),E,,"
        if (try? GLL(parsing: NMEASentence.encode(body: body, lineEnd: "")))
            .map({ (hemisphere == "N" ? $0.latitude : $0.longitude) == degrees }) == true { return text }
    }
    return candidate(12)
}
