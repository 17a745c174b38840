extension FieldCursor {
    /// A field of decimal digits within `range` (with a sign when the range
    /// allows negative values), or `nil` when empty.
    @inline(__always)
    mutating func integer(_ name: NMEAFieldName, in range: ClosedRange<Int>) throws(NMEAError) -> Int? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        var position = start
        var negative = false
        if range.lowerBound < 0 && (position.pointee == UInt8(ascii: "-") || position.pointee == UInt8(ascii: "+")) {
            negative = position.pointee == UInt8(ascii: "-")
            position += 1
        }
        let number = Self.integer(&position)
        let value = negative ? -number.value : number.value
        guard (1...9).contains(number.digits), range.contains(value) else { throw .invalidField(name) }
        try close(at: position, name)
        return value
    }

    /// A decimal number such as `-12.50` or `4`, or `nil` when empty.
    ///
    /// The digits are read into an integer and divided once by a power of
    /// ten, so the result is the nearest `Double` to what was sent.
    @inline(__always)
    mutating func decimal(_ name: NMEAFieldName, signed: Bool = false) throws(NMEAError) -> Double? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        var position = start
        var negative = false
        if signed && (position.pointee == UInt8(ascii: "-") || position.pointee == UInt8(ascii: "+")) {
            negative = position.pointee == UInt8(ascii: "-")
            position += 1
        }
        let number = Self.digits(&position)
        guard number.wholeDigits + number.fractionDigits > 0, number.wholeDigits <= 18 else {
            throw .invalidField(name)
        }
        try close(at: position, name)
        // Below 10^18, so the signed conversion (one instruction on x86-64) is exact.
        let magnitude = Double(Int64(bitPattern: number.mantissa)) / powersOfTen[number.fractionDigits]
        return negative ? -magnitude : magnitude
    }

    /// A number with at most two decimals (more are read and dropped) no
    /// greater than `maximum` hundredths, in hundredths, or `nil` when empty.
    ///
    /// Read in integers: no division, no rounding call.
    @inline(__always)
    mutating func hundredths(_ name: NMEAFieldName, atMost maximum: Int) throws(NMEAError) -> Int? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        var position = start
        let whole = Self.integer(&position)
        var value = whole.value &* 100
        var fractionDigits = 0
        if position.pointee == UInt8(ascii: ".") {
            position += 1
            var scale = 10
            while case let digit = position.pointee &- 0x30, digit < 10 {
                value &+= Int(digit) &* scale
                scale /= 10
                fractionDigits += 1
                position += 1
            }
        }
        guard whole.digits <= 9, whole.digits + fractionDigits > 0, value <= maximum else { throw .invalidField(name) }
        try close(at: position, name)
        return value
    }

    /// A decimal number and the unit field after it, which must be empty or
    /// hold `unit` (`545.4,M`); `nil` when the number is empty.
    @inline(__always)
    mutating func decimal(
        _ name: NMEAFieldName, signed: Bool = false, unit: UInt8
    ) throws(NMEAError) -> Double? {
        let value = try decimal(name, signed: signed)
        try expect(unit, name)
        return value
    }

    /// A latitude or longitude field (`ddmm.mmmm` or `dddmm.mmmm`) and the
    /// hemisphere field after it, as signed decimal degrees, or `nil` when
    /// the value is empty.
    ///
    /// Degrees and minutes are combined in integers and scaled once, so the
    /// result is within two units in the last place (about 1e-14 degree).
    ///
    /// Transparent for the reason given at ``lenientDecimal(_:signed:unit:)``.
    @_transparent
    mutating func coordinate(
        _ name: NMEAFieldName, hemisphere hemisphereName: NMEAFieldName,
        maximumDegrees: Int, positive: UInt8, negative: UInt8
    ) throws(NMEAError) -> Double? {
        if let plain = plainCoordinate(maximumDegrees: maximumDegrees, positive: positive, negative: negative) {
            return plain
        }
        var degrees: Double?
        if let start = fieldStart(), !Self.isEmpty(start, before: end) {
            var position = start
            let (whole, wholeDigits) = Self.integer(&position)
            guard (1...5).contains(wholeDigits) else { throw .invalidField(name) }
            var fraction: UInt64 = 0
            var scaleDigits = 0
            if position.pointee == UInt8(ascii: ".") {
                position += 1
                let fractionStart = position
                // Finer than 1e-12 minute is below a Double's precision: read
                // at most twelve digits, skip the rest.
                let significantEnd = position + 12
                while position < significantEnd, case let digit = position.pointee &- 0x30, digit < 10 {
                    fraction = fraction &* 10 &+ UInt64(digit)
                    position += 1
                }
                scaleDigits = position - fractionStart
                while position.pointee &- 0x30 < 10 { position += 1 }
            }
            let scale = powersOfTenInteger[scaleDigits]
            try close(at: position, name)
            let (wholeDegrees, minutes) = whole.quotientAndRemainder(dividingBy: 100)
            let scaledMinutes = UInt64(minutes) &* scale &+ fraction
            // Checked in integers, so no branch waits for the floating-point result.
            guard minutes < 60, wholeDegrees < maximumDegrees || (wholeDegrees == maximumDegrees && scaledMinutes == 0)
            else { throw .invalidField(name) }
            // A multiplication by 1/(60 × 10^k) instead of a division: at most
            // two units in the last place, far below the 1e-9 degree asked for.
            degrees = Double(wholeDegrees)
                + Double(Int64(bitPattern: scaledMinutes)) * inverseSixtyPowersOfTen[scaleDigits]
        } else {
            skip()
        }
        let hemisphere = try character(hemisphereName)
        guard let degrees else {
            guard hemisphere == nil || hemisphere == positive || hemisphere == negative else {
                throw .invalidField(hemisphereName)
            }
            return nil
        }
        switch hemisphere {
        case positive: return degrees
        case negative: return -degrees
        default: throw .invalidField(hemisphereName)
        }
    }

    /// Reads a run of digits as an integer; the value is meaningful for up
    /// to eighteen digits, which callers check.
    @inline(__always)
    private static func integer(_ position: inout UnsafePointer<UInt8>) -> (value: Int, digits: Int) {
        let start = position
        var value = 0
        while case let digit = position.pointee &- 0x30, digit < 10 {
            value = value &* 10 &+ Int(digit)
            position += 1
        }
        return (value, position - start)
    }

    /// Reads `digits[.digits]` into one integer mantissa. Fraction digits past
    /// the eighteenth significant one are read but dropped: they are below
    /// any precision a `Double` keeps.
    @inline(__always)
    private static func digits(
        _ position: inout UnsafePointer<UInt8>
    ) -> (mantissa: UInt64, wholeDigits: Int, fractionDigits: Int) {
        var mantissa: UInt64 = 0
        var wholeDigits = 0
        while case let digit = position.pointee &- 0x30, digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            wholeDigits &+= 1
            position += 1
        }
        var fractionDigits = 0
        if position.pointee == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            let significantEnd = position + max(0, 18 - wholeDigits)
            while position < significantEnd, case let digit = position.pointee &- 0x30, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                position += 1
            }
            fractionDigits = position - fractionStart
            while position.pointee &- 0x30 < 10 { position += 1 }
        }
        return (mantissa, wholeDigits, fractionDigits)
    }
}

private let inverseSixtyPowersOfTen: [Double] = [
    1 / 60e0, 1 / 60e1, 1 / 60e2, 1 / 60e3, 1 / 60e4, 1 / 60e5, 1 / 60e6, 1 / 60e7, 1 / 60e8, 1 / 60e9,
    1 / 60e10, 1 / 60e11, 1 / 60e12,
]

private let powersOfTenInteger: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000,
]

/// 10^0 through 10^18, exact.
let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
]
