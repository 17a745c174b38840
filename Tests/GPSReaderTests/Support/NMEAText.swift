import GPSReader
import LocationTracking
import NMEA

/// `body` as a full sentence: `$`, the body, `*`, its checksum and CRLF (NMEA's one writer).
func sentence(_ body: String) -> String {
    NMEASentence.encode(body: body)
}

/// Frames `bytes` and runs every sentence through a fresh assembler, finishing the stream.
func assembleEpochs(_ bytes: [UInt8]) -> [EpochReport] {
    var framer = NMEAFramer()
    var assembler = FixAssembler()
    var epochs: [EpochReport] = []
    let consume = { (result: Result<NMEASentence, NMEAError>) in
        if case .success(let sentence) = result { assembler.consume(sentence) { epochs.append($0) } }
    }
    framer.append(bytes, consume)
    framer.finish(consume)
    assembler.finish { epochs.append($0) }
    return epochs
}

/// Assembles sentence bodies given without `$`, checksum or line end.
func assembleEpochs(bodies: [String]) -> [EpochReport] {
    assembleEpochs(Array(bodies.map(sentence).joined().utf8))
}

/// The fixes of the epochs that had a position.
func assemble(_ bytes: [UInt8]) -> [Location] {
    assembleEpochs(bytes).compactMap(\.location)
}

/// The fixes of the epochs that had a position, from sentence bodies.
func assemble(bodies: [String]) -> [Location] {
    assembleEpochs(bodies: bodies).compactMap(\.location)
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

/// Twelve GPS satellites in view in three GSV sentences; 04, 05, 09, 12, 24, 25, 29 and 31 are
/// the ones `epoch(_:)`'s GSA uses.
func satellitesInView(talker: String = "GP") -> [String] {
    [
        "\(talker)GSV,3,1,12,04,45,120,44,05,30,200,38,09,60,045,41,12,10,300,",
        "\(talker)GSV,3,2,12,24,25,080,35,25,70,160,47,29,15,250,30,31,40,010,39",
        "\(talker)GSV,3,3,12,02,05,330,,07,01,100,,16,20,220,22,20,35,280,28",
    ]
}

/// `epoch` with `satellitesInView()` after its GSA, where receivers send them.
func withSatellites(_ epoch: [String]) -> [String] {
    var sentences = epoch
    sentences.insert(contentsOf: satellitesInView(), at: 2)
    return sentences
}
