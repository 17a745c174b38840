import Foundation
import NMEA

/// Whether a capture holds any NMEA sentence: what `gps replay` asks when it found no epoch, to
/// tell a capture without a fix (nothing to print, status 0) from a file that is not NMEA at
/// all (an error, status 1). Asked only then, so a capture with fixes is read once.
enum SentenceScan {
    /// Whether `bytes` frame at least one valid sentence, as `gps replay` frames them.
    static func containsSentence(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var framer = NMEAFramer()
        var found = false
        framer.append(bytes) { result in
            if case .success = result { found = true }
        }
        framer.finish { result in
            if case .success = result { found = true }
        }
        return found
    }

    /// Whether the file at `path` frames at least one valid sentence; false when it cannot be read.
    static func containsSentence(file path: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return false }
        return data.withUnsafeBytes(containsSentence)
    }

    /// What `gps replay` says about a capture that holds no sentence.
    static func noSentences(in path: String) -> String {
        "gps: no NMEA sentences in \(path): is it a capture of a receiver's output?"
    }
}
