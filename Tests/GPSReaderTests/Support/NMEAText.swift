import GPSReader
import LocationTracking
import NMEA

/// `body` as a full sentence: `$`, the body, `*`, its checksum and CRLF.
func sentence(_ body: String) -> String {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(checksum, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
}

/// Frames `bytes` and runs every sentence through a fresh assembler, finishing the stream.
func assemble(_ bytes: [UInt8]) -> [Location] {
    var framer = NMEAFramer()
    var assembler = FixAssembler()
    var fixes: [Location] = []
    let consume = { (result: Result<NMEASentence, NMEAError>) in
        if case .success(let sentence) = result { assembler.consume(sentence) { fixes.append($0) } }
    }
    framer.append(bytes, consume)
    framer.finish(consume)
    assembler.finish { fixes.append($0) }
    return fixes
}

/// Assembles sentence bodies given without `$`, checksum or line end.
func assemble(bodies: [String]) -> [Location] {
    assemble(Array(bodies.map(sentence).joined().utf8))
}

/// One 1 Hz epoch of a receiver at a fixed place: GGA, GSA, RMC, VTG at `hhmmss` on `ddmmyy`.
func epoch(_ hhmmss: String, date ddmmyy: String = "150325", status: String = "A", quality: String = "1") -> [String] {
    [
        "GPGGA,\(hhmmss).00,4807.0380,N,01131.0000,E,\(quality),08,0.9,545.4,M,46.9,M,,",
        "GPGSA,A,3,04,05,09,12,24,25,29,31,,,,,1.8,0.9,1.5",
        "GPRMC,\(hhmmss).00,\(status),4807.0380,N,01131.0000,E,022.4,084.4,\(ddmmyy),003.1,W,A",
        "GPVTG,084.4,T,,M,022.4,N,041.5,K,A",
    ]
}
