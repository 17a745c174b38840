import NMEA
import UBX

/// One pass over a UBX stream (`--ubx`): frame it with the framer's binary callback (each UBX
/// checksum checked), decode every NAV-PVT and NAV-SAT down to plain values (every satellite
/// of every NAV-SAT) and fold every field into the checksum. Sentences, should the input hold
/// any, are decoded as ``runPass(over:framer:)`` does.
@inline(never)
func runUBXPass(over log: UnsafeRawBufferPointer, framer: inout NMEAFramer) -> PassResult {
    var result = PassResult()
    framer.append(log, sentences: { result.record($0) }, binary: { result.recordUBX($0) })
    framer.finish(sentences: { result.recordLast($0) }, binary: { result.recordUBX($0) })
    return result
}

extension PassResult {
    /// Counts a binary frame and, for a UBX message with a decoder here, decodes and folds it.
    @inline(__always)
    mutating func recordUBX(_ frame: BinaryFrame) {
        binaryFrames += 1
        guard let messageClass = frame.ubxClass, let id = frame.ubxID else {
            undecodable += 1
            return
        }
        let message = UBXMessage(id: UBXMessageID(messageClass, id), payload: frame.payload)
        do throws(UBXError) {
            switch message.id {
            case .navPVT: checksum.fold(try NAVPVT(message))
            case .navSAT: checksum.fold(try NAVSAT(message))
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
