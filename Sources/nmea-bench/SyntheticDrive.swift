import NMEA

/// A deterministic 1 Hz drive near Seattle, written as the NMEA a typical
/// receiver sends each second: GGA, GSA, three GSV, RMC and VTG (or GGA and
/// RMC only), CRLF line ends, valid checksums.
///
/// It mirrors `shared/bench/gen_nmea_log.py` in shape and proportions (29% of
/// the mixed log's lines are GGA or RMC), so the benchmark runs without input files.
struct SyntheticDrive {
    private var random = SplitMix64(seed: 42)
    private var latitude = 47.6062, longitude = -122.3321, altitude = 56.0
    private var heading = 90.0, speed = 0.0  // degrees true, m/s
    private var secondOfDay = 6 * 3600 + 30 * 60
    private var day = 0

    /// Appends epochs to `log` until it holds at least `bytes` bytes.
    mutating func write(into log: inout [UInt8], bytes: Int, positionOnly: Bool) {
        while log.count < bytes {
            writeEpoch(into: &log, positionOnly: positionOnly)
            step()
        }
    }

    private mutating func writeEpoch(into log: inout [UInt8], positionOnly: Bool) {
        let time = "\(digits(secondOfDay / 3600, 2))\(digits(secondOfDay / 60 % 60, 2))\(digits(secondOfDay % 60, 2)).00"
        let date = "\(digits(1 + day % 28, 2))\(digits(1 + (2 + day / 28) % 12, 2))\(digits(24 + day / 336, 2))"
        let (lat, north) = angle(latitude, degreeDigits: 2)
        let (lon, east) = angle(longitude, degreeDigits: 3)
        let satellites = 8 + Int(random.next() % 5)
        let hdop = 0.7 + random.unit() * 0.9
        let knots = speed * 1.943844
        let position = "\(lat),\(north ? "N" : "S"),\(lon),\(east ? "E" : "W")"
        sentence("GPGGA,\(time),\(position),1,\(digits(satellites, 2)),\(fixed(hdop, 2)),\(fixed(altitude, 1)),M,-17.4,M,,", into: &log)
        if !positionOnly {
            let used = (0..<12).map { $0 < satellites ? digits([1, 3, 6, 8, 11, 14, 17, 19, 22, 24, 28, 32][$0], 2) : "" }
            sentence("GPGSA,A,3,\(used.joined(separator: ",")),\(fixed(hdop + 0.6, 2)),\(fixed(hdop, 2)),\(fixed(hdop + 0.3, 2))", into: &log)
            for group in 0..<3 {
                let views = (0..<4).map { index in
                    "\(digits(group * 8 + index + 1, 2)),\(digits(20 + (index * 17 + day) % 60, 2)),\(digits((group * 90 + index * 30) % 360, 3)),\(digits(30 + index * 3, 2))"
                }
                sentence("GPGSV,3,\(group + 1),12,\(views.joined(separator: ","))", into: &log)
            }
        }
        sentence("GPRMC,\(time),A,\(position),\(fixed(knots, 3)),\(fixed(heading, 2)),\(date),,,A", into: &log)
        if !positionOnly {
            sentence("GPVTG,\(fixed(heading, 2)),T,,M,\(fixed(knots, 3)),N,\(fixed(speed * 3.6, 3)),K,A", into: &log)
        }
    }

    private mutating func step() {
        let target = max(0, min(33, speed + (random.unit() - 0.5) * 4))
        speed = 0.8 * speed + 0.2 * target
        heading = (heading + (random.unit() - 0.5) * 12).truncatingRemainder(dividingBy: 360)
        if heading < 0 { heading += 360 }
        latitude += speed * cosine(heading) / 111_320
        longitude += speed * sine(heading) / (111_320 * cosine(latitude))
        altitude += (random.unit() - 0.5) * 0.6
        secondOfDay += 1
        if secondOfDay == 86_400 { secondOfDay = 0; day += 1 }
    }

    private func sentence(_ body: String, into log: inout [UInt8]) {
        NMEASentence.append(body: body.utf8, to: &log)
    }
}

private func angle(_ degrees: Double, degreeDigits: Int) -> (String, Bool) {
    let magnitude = abs(degrees)
    let whole = Int(magnitude)
    let minutes = (magnitude - Double(whole)) * 60
    return (digits(whole, degreeDigits) + (minutes < 10 ? "0" : "") + fixed(minutes, 5), degrees >= 0)
}

private func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}

private func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return sign + String(scaled / scale) + "." + digits(scaled % scale, decimals)
}

// Small-angle-free trigonometry without Foundation: the drive only needs
// plausible motion, not exact geometry.
private func sine(_ degrees: Double) -> Double { cosine(degrees - 90) }
private func cosine(_ degrees: Double) -> Double {
    var x = (degrees * .pi / 180).truncatingRemainder(dividingBy: 2 * .pi)
    if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
    let x2 = x * x
    return 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30 * (1 - x2 / 56 * (1 - x2 / 90 * (1 - x2 / 132)))))
}

/// A tiny deterministic generator (SplitMix64), so every run benchmarks the same bytes.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
