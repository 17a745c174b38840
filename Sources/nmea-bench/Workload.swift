import NMEA

/// What one pass over the log produced; compared across passes so a
/// benchmark that stops doing its work cannot go unnoticed.
struct PassResult: Equatable {
    var lines = 0
    var rejected = 0
    var decoded = 0
    var decodeErrors = 0
    /// Sentences of a type the package has no decoder for.
    var undecodable = 0
    /// Every field of every decoded sentence, folded, so that the optimiser
    /// can skip none of the decoding.
    var checksum = Checksum()
    /// UBX and RTCM 3 frames (with `--mixed`).
    var binaryFrames = 0
    /// Their payloads' lengths and first bytes, folded.
    var binaryFold: UInt64 = 0
}

/// One full pass: frame and checksum-validate every line, decode every
/// sentence of a type the package knows (GGA, RMC, GSA, GSV, VTG, GLL, GNS,
/// ZDA, GST, HDT) down to plain values, and fold every value into the checksum.
@inline(never)
func runPass(over log: UnsafeRawBufferPointer, framer: inout NMEAFramer) -> PassResult {
    var result = PassResult()
    framer.append(log) { result.record($0) }
    framer.finish { result.recordLast($0) }
    return result
}

/// ``runPass(over:framer:)`` with the UBX and RTCM 3 frames too: each checksum-checked by the
/// framer, counted and its payload's length and first byte folded.
@inline(never)
func runMixedPass(over log: UnsafeRawBufferPointer, framer: inout NMEAFramer) -> PassResult {
    var result = PassResult()
    framer.append(log, sentences: { result.record($0) }, binary: { result.recordBinary($0) })
    framer.finish(sentences: { result.recordLast($0) }, binary: { result.recordBinary($0) })
    return result
}

extension PassResult {
    /// Counts and folds a binary frame.
    @inline(__always)
    mutating func recordBinary(_ frame: BinaryFrame) {
        binaryFrames += 1
        let payload = frame.payload
        binaryFold &+= UInt64(payload.count) &* 31 &+ UInt64(payload.first ?? 0)
    }

    /// ``record(_:)`` for the sentence `finish` completes, kept out of line
    /// so that the two closures differ: identical ones are merged behind a
    /// chain of forwarding thunks that costs every sentence four calls.
    @inline(never)
    mutating func recordLast(_ outcome: Result<NMEASentence, NMEAError>) { record(outcome) }

    @inline(__always)
    mutating func record(_ outcome: Result<NMEASentence, NMEAError>) {
        lines += 1
        guard case let .success(sentence) = outcome else {
            rejected += 1
            return
        }
        do throws(NMEAError) {
            switch sentence.type {
            case .gga: checksum.fold(try GGA(sentence))
            case .rmc: checksum.fold(try RMC(sentence))
            case .gsa: checksum.fold(try GSA(sentence))
            case .gsv: checksum.fold(try GSV(sentence))
            case .vtg: checksum.fold(try VTG(sentence))
            case .gll: checksum.fold(try GLL(sentence))
            case .gns: checksum.fold(try GNS(sentence))
            case .zda: checksum.fold(try ZDA(sentence))
            case .gst: checksum.fold(try GST(sentence))
            case .hdt: checksum.fold(try HDT(sentence))
            default:
                undecodable += 1
                return
            }
            decoded += 1
        } catch {
            decodeErrors += 1
        }
    }
}
