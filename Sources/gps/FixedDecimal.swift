import Foundation

/// `printf`'s `%W.Df` for the numbers of a fix line, without the cost of `String(format:)`
/// (a Foundation string and a boxed argument list per number: two thirds of a replay's time).
///
/// The digits are exactly `printf`'s: the value is scaled and rounded half to even, and a value
/// whose scaled fraction is too near one half for a `Double` product to decide is handed to
/// `String(format:)`, as are values too large or not finite.
enum FixedDecimal {
    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Appends `value` with `decimals` digits after the point (0...6), right-aligned to `width`.
    static func append(_ value: Double, decimals: Int, width: Int, to text: inout String) {
        let scaled = abs(value) * powersOfTen[decimals]
        let fraction = scaled - scaled.rounded(.down)
        guard value.isFinite, scaled < 1e15, abs(fraction - 0.5) > 1e-6 else {
            let formatted = String(format: "%\(width).\(decimals)f", value)
            text += formatted
            return
        }
        let units = UInt64(scaled.rounded(.toNearestOrEven))
        var digits = String(units)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        if value.sign == .minus { digits = "-" + digits }
        if digits.count < width { text += String(repeating: " ", count: width - digits.count) }
        text += digits
    }
}
