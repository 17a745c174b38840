import FoundationEssentials
import Glibc
import GNSS

/// Round numbers for axes: ticks at 1, 2 or 5 × 10ⁿ, and times of day at steps a clock reads.
enum ChartScale {
    /// Ticks from `low` up past `high`, about `count` of them, at a 1-2-5 step.
    static func ticks(from low: Double, to high: Double, count: Int = 4) -> [Double] {
        let span = max(high - low, 1e-9)
        let rough = span / Double(count)
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let first = (low / step).rounded(.down) * step
        return stride(from: first, through: high + step * 0.999, by: step).map { ($0 / step).rounded() * step }
    }

    /// A step in seconds for a time axis of `duration` seconds, with at most about 8 ticks.
    static func timeStep(for duration: Double) -> Double {
        let steps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
        return steps.first { duration / $0 <= 8 } ?? 86400 * (duration / 86400 / 8).rounded(.up)
    }

    /// A number as an axis or a figure shows it: at most `decimals` decimals, no trailing zeros.
    static func label(_ value: Double, decimals: Int = 1) -> String {
        var text = FixedDecimal.string(value, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A time on the axis: the UTC time of day when the capture's date is known, else the time
    /// since the first epoch.
    static func timeLabel(_ seconds: Double, start: Date?, step: Double) -> String {
        if let start {
            let total = Int((start.timeIntervalSince1970 + seconds).rounded()) % 86400
            let (hour, minute, second) = (total / 3600, total / 60 % 60, total % 60)
            return step >= 60 ? FixedDecimal.string(hour, minimumDigits: 2) + ":" + FixedDecimal.string(minute, minimumDigits: 2)
                : FixedDecimal.string(hour, minimumDigits: 2) + ":" + FixedDecimal.string(minute, minimumDigits: 2) + ":" + FixedDecimal.string(second, minimumDigits: 2)
        }
        return "+" + duration(seconds)
    }

    /// "42 s", "3 min 5 s", "1 h 02 min".
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min" + (total % 60 == 0 ? "" : " \(total % 60) s") }
        return "\(total / 3600) h " + FixedDecimal.string(total / 60 % 60, minimumDigits: 2) + " min"
    }
}
