import GNSS
import LocationTracking
import NTRIP

/// The correction state in words, for the panel's rows and the fix lines: the receiver's own
/// solution (from its fix's quality: none, DGPS, RTK float, RTK fixed), and what the NTRIP
/// client passes it (the last correction's age, bytes/s, message types, the base's distance).
struct CorrectionWords {
    let statistics: CorrectionStatistics
    let location: Location?

    /// "RTK fixed", "RTK float", "DGPS" or "none": the receiver's `Location.correction`.
    var solution: String {
        location?.correction.description ?? "none"
    }

    /// "age 0.4 s", or "age -" before the first correction.
    var age: String {
        "age " + (statistics.correctionAge().map { FixedDecimal.string($0, decimals: 1) + " s" } ?? "-")
    }

    /// The panel's Corrections row: "RTK fixed · age 0.4 s · 1210 B/s".
    var summary: String {
        "\(solution) · \(age) · " + FixedDecimal.string(statistics.bytesPerSecond, decimals: 0) + " B/s"
    }

    /// The panel's RTCM row: "1005 1077 1087 · base 1.4 km", or `nil` before any frame.
    var messages: String? {
        guard !statistics.messageTypes.isEmpty else { return nil }
        var text = statistics.messageTypesSeen.map(String.init).joined(separator: " ")
        if let base = statistics.base, let location {
            let metres = base.distance(from: location)
            text += " · base " + (metres < 1000 ? FixedDecimal.string(metres, decimals: 0) + " m" : FixedDecimal.string(metres / 1000, decimals: 1) + " km")
        }
        return text
    }

    /// What a fix line ends with, after the corrections `FixLine` names: "  age 0.4 s".
    var lineSuffix: String { "  \(age)" }
}
