import Foundation
import TestSupport

/// The Debian tools the export tests check against; each test skips when its tool is absent.
enum Tools {
    static let xmllint = Subprocess.find("xmllint")
    static let gpsbabel = Subprocess.find("gpsbabel")
    static let chromium = Subprocess.find("chromium")

    /// The GPX 1.1 schema beside the checkout, `../shared/schemas/gpx-1.1.xsd`; `nil` without `../shared`.
    static let gpxSchema: String? = SharedMaterial.root.map { $0.appendingPathComponent("schemas/gpx-1.1.xsd").path }
        .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }

    /// Runs `program` and returns what it printed on standard output and standard error together,
    /// with its status.
    static func run(_ program: String, _ arguments: [String]) async throws -> Subprocess {
        try await Spawned(program, arguments, mergingStandardError: true).waitForExit(timeout: .seconds(120))
    }

    /// The points gpsbabel reads from `file` in `format` (`gpx`, `geojson`) as (latitude,
    /// longitude), with `-t` (tracks) or `-r` (routes).
    static func gpsbabelPoints(_ file: String, format: String, kind: String) async throws -> [(Double, Double)] {
        let result = try await Subprocess.run(gpsbabel!, [kind, "-i", format, "-f", file, "-o", "unicsv", "-F", "-"])
        let rows = result.output.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",") }
        return rows.compactMap { row in row.count >= 3 ? Double(row[1]).flatMap { lat in Double(row[2]).map { (lat, $0) } } : nil }
    }
}

/// A capture with a loss of fix in the middle: 10 epochs with a fix, 10 without (status V,
/// quality 0), 10 with again; 1 Hz, 15 March 2025.
func captureWithLossOfFix() -> String {
    (0..<30).map { second in
        let hasFix = !(10..<20).contains(second)
        return epoch(String(format: "1000%02d", second), status: hasFix ? "A" : "V", quality: hasFix ? "1" : "0")
            .map(sentence).joined()
    }.joined()
}

/// Two epochs whose numbers Swift writes with an exponent: altitude 0.00001 m, geoid separation
/// 0.00002 m and HDOP 0.00003 (in GGA and GSA), then altitude 1e18 m and separation -2.5e17 m
/// (18 digits, the most NMEA's decimal reader takes).
func captureWithExtremeNumbers() -> String {
    let numbers = [("0.00001", "0.00002", "0.00003"), ("999999999999999999", "-250000000000000000", "0.9")]
    return zip(["100000", "100001"], numbers).map { time, number in
        epoch(time).map {
            $0.replacingOccurrences(of: ",08,0.9,545.4,M,46.9,M,", with: ",08,\(number.2),\(number.0),M,\(number.1),M,")
                .replacingOccurrences(of: ",1.8,0.9,1.5", with: ",1.8,\(number.2),1.5")
        }.map(sentence).joined()
    }.joined()
}
