import Foundation
import NMEA

/// The UBX frames of a receiver's log, found by `NMEAFramer` as a live source finds them, for
/// the tests of UBX (which may not import NMEA).
package enum UBXLogFrames {
    /// Every UBX frame in `bytes` whose checksum holds, whole (`B5 62` to the checksum), in
    /// order; NMEA sentences, RTCM 3 frames and gpsd's `#` comment lines are skipped.
    package static func frames(in bytes: [UInt8]) -> [[UInt8]] {
        var framer = NMEAFramer()
        var frames: [[UInt8]] = []
        let keep = { (frame: BinaryFrame) in
            if frame.frameProtocol == .ubx { frames.append(Array(frame.bytes)) }
        }
        bytes.withUnsafeBytes { framer.append($0, sentences: { _ in }, binary: keep) }
        framer.finish(sentences: { _ in }, binary: keep)
        return frames
    }

    /// gpsd's u-blox logs (`../shared/corpus/gpsd-ubx/*.log`) by name, or `nil` when the folder
    /// is not beside the checkout.
    package static var corpusLogs: [URL]? {
        guard let folder = SharedMaterial.ubxLogs,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { $0.hasSuffix(".log") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
