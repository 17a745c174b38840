import GPSReader
import LocationTracking
import NMEA
import TestSupport

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

/// Sentence bodies fed a burst at a time through one `EpochStream`, never finished: the fixes
/// of the epochs each burst completes, as a live receiver's reader sees them.
final class FixesByBurst {
    let stream = EpochStream()
    private(set) var fixes: [Location] = []

    /// Feeds one burst.
    func feed(_ bodies: [String]) {
        stream.append(Array(bodies.map(sentence).joined().utf8)) { if let fix = $0.location { fixes.append(fix) } }
    }
}
