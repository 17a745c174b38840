import Foundation
import NMEA

/// A receiver's output at 10 Hz: epoch `n` is a GGA and an RMC at 10:00:00.0 UTC + n/10 s on
/// 2026-12-01, a few centimetres further east each time; 14 hours of them fit before midnight.
enum TenHertzEpochs {
    static func bytes(of epoch: Int) -> [UInt8] {
        precondition(epoch < 504_000, "the epochs end at midnight")
        let tenths = epoch + 360_000
        let time = String(format: "%02d%02d%02d.%d0", tenths / 36_000, tenths / 600 % 60, tenths / 10 % 60, tenths % 10)
        let minutes = String(format: "%08.5f", 35.0 + Double(epoch % 100_000) * 0.00001)
        var bytes: [UInt8] = []
        NMEASentence.append(body: "GPGGA,\(time),4807.03800,N,011\(minutes),E,1,09,0.9,545.4,M,46.9,M,,".utf8, to: &bytes)
        NMEASentence.append(body: "GPRMC,\(time),A,4807.03800,N,011\(minutes),E,0.5,90.0,011226,,,A".utf8, to: &bytes)
        return bytes
    }

    /// The epoch a fix of these epochs was made from, by its time stamp; `nil` without one.
    static func epoch(at timestamp: Date?) -> Int? {
        guard let timestamp else { return nil }
        let start = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01T10:00:00Z
        return Int((timestamp.timeIntervalSince(start) * 10).rounded())
    }

    /// Epochs `range` as one byte string.
    static func bytes(of range: Range<Int>) -> [UInt8] {
        range.flatMap(bytes(of:))
    }
}
