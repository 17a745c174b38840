import NMEA

/// What one pass over the log produced; compared across passes so a
/// benchmark that stops doing its work cannot go unnoticed.
struct PassResult: Equatable {
    var lines = 0
    var rejected = 0
    var decoded = 0
    var decodeErrors = 0
    /// Sum of every decoded coordinate, so the optimiser cannot drop the decoding.
    var coordinateSum = 0.0
}

/// One full pass: frame and checksum-validate every line, decode every GGA
/// and RMC down to `Double` coordinates.
func runPass(over log: UnsafeRawBufferPointer, framer: inout NMEAFramer) -> PassResult {
    var result = PassResult()
    framer.append(log) { result.record($0) }
    framer.finish { result.record($0) }
    return result
}

extension PassResult {
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
                coordinateSum += (fix.latitude ?? 0) + (fix.longitude ?? 0)
                decoded += 1
            case .rmc:
                let fix = try RMC(sentence)
                coordinateSum += (fix.latitude ?? 0) + (fix.longitude ?? 0)
                decoded += 1
            default:
                break
            }
        } catch {
            decodeErrors += 1
        }
    }
}
