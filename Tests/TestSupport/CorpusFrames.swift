import Foundation
import NMEA

/// The RTCM 3 frames of u-blox's ZED-F9T log in the shared corpus (1005, 1077, 1087, 1097,
/// 1127, 1230, and u-blox's own 4072), framed by `NMEAFramer`, CRC-valid, in the log's order.
package enum CorpusFrames {
    /// The log's path; `nil` without the shared corpus.
    package static var path: String? {
        SharedMaterial.ubxLogs.map { $0.appendingPathComponent("ublox-zed-f9t-rtcm3.log").path }
    }

    /// Why a test that needs them did not run.
    package static let missingMessage = SharedMaterial.missingMessage + " (needs gpsd-ubx/ublox-zed-f9t-rtcm3.log)"

    /// The frames, each whole; `nil` without the shared corpus.
    package static func load() -> [[UInt8]]? {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        var framer = NMEAFramer()
        var frames: [[UInt8]] = []
        Array(data).withUnsafeBytes { bytes in
            framer.append(bytes, sentences: { _ in }, binary: { frame in
                if frame.frameProtocol == .rtcm3 { frames.append(Array(frame.bytes)) }
            })
        }
        return frames
    }

    /// The message number of a whole frame.
    package static func messageNumber(_ frame: [UInt8]) -> Int {
        Int(frame[3]) << 4 | Int(frame[4]) >> 4
    }
}
