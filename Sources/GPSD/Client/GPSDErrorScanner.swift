import FoundationEssentials

/// Finds gpsd's `{"class":"ERROR","message":...}` objects among what a watch of relayed NMEA
/// brings (the sentences, and gpsd's own JSON lines), however the lines are split across reads.
///
/// Only lines that start with `{` are kept, up to 4 KB each (gpsd's longest answers are far
/// shorter); the sentences pass through untouched.
struct GPSDErrorScanner {
    private static let longestLine = 4096
    private var line: [UInt8] = []
    private var isAtLineStart = true
    private var isInObject = false

    /// Scans `bytes`, calling `found` with the message of each ERROR object that ends in them.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, _ found: (String) -> Void) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if isInObject, let message = Self.errorMessage(line) { found(message) }
                line.removeAll(keepingCapacity: true)
                isAtLineStart = true
                isInObject = false
            } else {
                if isAtLineStart { isInObject = byte == UInt8(ascii: "{") }
                isAtLineStart = false
                if isInObject, line.count < Self.longestLine { line.append(byte) }
            }
        }
    }

    /// The message of an ERROR object, or `nil` for any other line.
    static func errorMessage(_ line: [UInt8]) -> String? {
        guard let object = try? JSONDecoder().decode(Report.self, from: Data(line)), object.class == "ERROR" else {
            return nil
        }
        return object.message ?? "an error without a message"
    }

    /// The members of a gpsd report the scanner reads.
    private struct Report: Decodable {
        let `class`: String
        let message: String?
    }
}
