import FoundationEssentials
import Glibc

/// The sample drive the command replays when no receiver is attached.
///
/// It is `Samples/captures/drive.nmea`, found beside this source file when the command runs
/// from a checkout (`swift run gps`). An installed binary, far from its sources, generates the
/// same bytes in memory: the committed file is `DriveCapture`'s output, which a test checks.
enum BundledCapture {
    /// The capture's path in the checkout the binary was built from.
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // gps
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples/captures/drive.nmea").path

    /// The capture's bytes, and where they came from (for the user).
    static func load() -> (bytes: [UInt8], origin: String) {
        if let data = FileManager.default.contents(atPath: path) {
            return ([UInt8](data), path)
        }
        return (Array(DriveCapture.text().utf8), "the built-in copy of Samples/captures/drive.nmea")
    }
}
