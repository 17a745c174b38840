/// `printf`'s `%W.Df` for the numbers of a fix line, without the cost of `String(format:)`
/// (a Foundation string and a boxed argument list per number: two thirds of a replay's time).
///
/// The digits are exactly glibc's: the value is scaled by 10^D and rounded to the nearest
/// integer, an exact tie to even, deciding ties on the exact product (the `Double` product's
/// rounding error, from a fused multiply-add), not on its rounded value.
enum FixedDecimal {
    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Appends `value` with `decimals` digits after the point (0...6), right-aligned to `width`.
    static func append(_ value: Double, decimals: Int, width: Int, to text: inout String) {
        let magnitude = abs(value), scale = powersOfTen[decimals]
        let scaled = magnitude * scale
        // Beyond 2^52 a Double has no fraction left to round; such values and NaN or infinity
        // never occur in a fix, so `printf` itself may take them.
        guard scaled < 4e15 else {
            text += String(format: "%\(width).\(decimals)f", value)
            return
        }
        let error = (-scaled).addingProduct(magnitude, scale)  // exact: product − rounded product
        var units = scaled.rounded(.down)
        let fraction = scaled - units
        if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && units.truncatingRemainder(dividingBy: 2) == 1))) {
            units += 1
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            var remaining = UInt64(units)
            for _ in 0..<decimals {
                put(UInt8(ascii: "0") + UInt8(remaining % 10))
                remaining /= 10
            }
            if decimals > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(ascii: "0") + UInt8(remaining % 10))
                remaining /= 10
            } while remaining > 0
            if value.sign == .minus { put(UInt8(ascii: "-")) }
            let length = buffer.count - start
            if length < width { text += String(repeating: " ", count: width - length) }
            text += String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}
