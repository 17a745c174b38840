import FoundationEssentials
import GNSS

/// How the exports write numbers, times and text: coordinates to 1e-7 degree (about 1 cm),
/// other values as the shortest plain decimal that reads back the same (never an exponent,
/// which `xs:decimal` refuses), times in ISO 8601 UTC with milliseconds only when the epoch has
/// a fraction of a second, text escaped with what XML 1.0 cannot hold replaced by U+FFFD.
enum ExportFormatting {
    static func degrees(_ value: Double) -> String {
        FixedDecimal.string(value, decimals: 7)
    }

    /// `value` as a plain decimal, `0.00001` and `1000000000000000000` rather than `1e-05` and
    /// `1e+18`; `nil` for NaN and the infinities, which have no decimal (the value is left out).
    static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return plainDecimal("\(value)")
    }

    /// A height computed from two (altitude plus geoid separation), to the millimetre, so the
    /// sum's floating-point error (`12.3 + -30.15`) does not show; `nil` as for `number`.
    static func metres(_ value: Double) -> String? {
        number((value * 1000).rounded() / 1000)
    }

    /// Swift's shortest round-trip text of a finite `Double` (`-1.5e-07`) with its exponent
    /// moved into the digits (`-0.00000015`).
    private static func plainDecimal(_ text: String) -> String {
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        let isNegative = text.hasPrefix("-")
        let mantissa = text[..<e].drop { $0 == "-" }
        let digits = String(mantissa.filter { $0 != "." })
        let integerDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
        let point = integerDigits + exponent
        let plain: String
        if point <= 0 {
            plain = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            plain = digits + String(repeating: "0", count: point - digits.count)
        } else {
            plain = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        return (isNegative ? "-" : "") + plain
    }

    static func time(_ date: Date) -> String {
        let hasFraction = date.timeIntervalSince1970 != date.timeIntervalSince1970.rounded(.down)
        return hasFraction
            ? date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            : date.formatted(.iso8601)
    }

    /// `text` with XML's five special characters escaped, and each character XML 1.0 does not
    /// allow (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) replaced by U+FFFD, so the
    /// text is well-formed in an element or an attribute (and in HTML).
    static func xml(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
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
