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
    /// Sum of decoded values (coordinates, DOPs, SNRs, speeds), so the
    /// optimiser cannot drop the decoding.
    var checksum = 0.0
}

/// One full pass: frame and checksum-validate every line, decode every
/// sentence of a type the package knows (GGA, RMC, GSA, GSV, VTG, GLL, GNS,
/// ZDA, GST, HDT) down to plain values.
@inline(never)
func runPass(over log: UnsafeRawBufferPointer, framer: inout NMEAFramer) -> PassResult {
    var result = PassResult()
    framer.append(log) { result.record($0) }
    framer.finish { result.recordLast($0) }
    return result
}

extension PassResult {
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
            case .gga:
                let fix = try GGA(sentence)
                checksum += (fix.latitude ?? 0) + (fix.longitude ?? 0)
            case .rmc:
                let fix = try RMC(sentence)
                checksum += (fix.latitude ?? 0) + (fix.longitude ?? 0)
            case .gsa:
                let dilution = try GSA(sentence)
                checksum += (dilution.pdop ?? 0) + Double(dilution.satellitesUsed.count)
            case .gsv:
                let view = try GSV(sentence)
                checksum += (view.satellites.last?.snr ?? 0) + Double(view.satellites.count)
            case .vtg: checksum += try VTG(sentence).speedKnots ?? 0
            case .gll: checksum += try GLL(sentence).latitude ?? 0
            case .gns: checksum += try GNS(sentence).latitude ?? 0
            case .zda: checksum += Double(try ZDA(sentence).year ?? 0)
            case .gst: checksum += try GST(sentence).latitudeDeviation ?? 0
            case .hdt: checksum += try HDT(sentence).headingDegrees ?? 0
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
