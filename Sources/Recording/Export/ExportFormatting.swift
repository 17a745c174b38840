import FoundationEssentials
import GNSS

/// How the exports write numbers and times: coordinates to 1e-7 degree (about 1 cm), other
/// values as the shortest decimal that reads back the same, times in ISO 8601 UTC with
/// milliseconds only when the epoch has a fraction of a second.
enum ExportFormatting {
    static func degrees(_ value: Double) -> String {
        FixedDecimal.string(value, decimals: 7)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A height computed from two (altitude plus geoid separation), to the millimetre, so the
    /// sum's floating-point error (`12.3 + -30.15`) does not show.
    static func metres(_ value: Double) -> String {
        number((value * 1000).rounded() / 1000)
    }

    static func time(_ date: Date) -> String {
        let hasFraction = date.timeIntervalSince1970 != date.timeIntervalSince1970.rounded(.down)
        return hasFraction
            ? date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            : date.formatted(.iso8601)
    }

    /// `text` with XML's five special characters escaped.
    static func xml(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `text` as a JSON string, quotes included.
    static func json(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20: escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
