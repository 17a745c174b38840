/// Readers for optional fields: a malformed field reads as `nil`, is recorded
/// in ``FieldCursor/malformedFields``, and the cursor moves past it.
extension FieldCursor {
    /// A decimal number; plain ones take ``plainDecimal(into:signed:)``.
    @inline(__always)
    mutating func lenientDecimal(_ name: NMEAFieldName, signed: Bool = false) -> Double? {
        var value: Double?
        if plainDecimal(into: &value, signed: signed) { return value }
        return readDecimalWithSignOrError(name, signed: signed)
    }

    /// A number and its unit letter, two fields.
    ///
    /// Transparent, not `@inline(__always)`: the optimiser stops inlining
    /// into a caller as large as a decoder's `init`, and a call here cost
    /// about 40 instructions of register saving a field (callgrind).
    @_transparent
    mutating func lenientDecimal(_ name: NMEAFieldName, signed: Bool = false, unit: UInt8) -> Double? {
        let groupStart = separator
        var value: Double?
        if plainDecimal(into: &value, signed: signed), plainUnit(unit) { return value }
        separator = groupStart
        return readDecimalWithSignOrError(name, signed: signed, unit: unit)
    }

    /// The rest of ``lenientDecimal(_:signed:)``: a `+` sign, long numbers, malformed fields.
    @inline(never)
    private mutating func readDecimalWithSignOrError(_ name: NMEAFieldName, signed: Bool) -> Double? {
        lenient { cursor throws(NMEAError) in try cursor.decimal(name, signed: signed) }
    }

    /// The rest of ``lenientDecimal(_:signed:unit:)``.
    @inline(never)
    private mutating func readDecimalWithSignOrError(_ name: NMEAFieldName, signed: Bool, unit: UInt8) -> Double? {
        lenient(fields: 2) { cursor throws(NMEAError) in try cursor.decimal(name, signed: signed, unit: unit) }
    }

    @inline(__always)
    mutating func lenientHundredths(_ name: NMEAFieldName, atMost maximum: Int) -> Int? {
        lenient { cursor throws(NMEAError) in try cursor.hundredths(name, atMost: maximum) }
    }

    /// A field of digits within `range`. Most fields of GSA and GSV are
    /// such: a plain run of digits, or empty, is read here without the
    /// general reader's sign and error handling.
    @inline(__always)
    mutating func lenientInteger(_ name: NMEAFieldName, in range: ClosedRange<Int>) -> Int? {
        if let start = fieldStart() {
            var position = start
            var value = 0
            while case let digit = position.pointee &- 0x30, digit < 10 {
                value = value &* 10 &+ Int(digit)
                position += 1
            }
            if Self.isEmpty(position, before: end) {
                if position == start {
                    separator = position
                    return nil
                }
                if position - start <= 9 && range.contains(value) {
                    separator = position
                    return value
                }
            }
        }
        return readIntegerWithSignOrError(name, in: range)
    }

    /// Reads the next field when it is empty (-1) or two digits (0–99), the
    /// shape of nearly every satellite ID in a GSA; `nil`, with the cursor
    /// unmoved, for any other field or none.
    @inline(__always)
    mutating func emptyOrTwoDigits() -> Int? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) {
            separator = start
            return -1
        }
        // start[1] is readable: start is before the end, whose byte is.
        let tens = start[0] &- 0x30, ones = start[1] &- 0x30
        guard tens < 10, ones < 10, Self.isEmpty(start + 2, before: end) else { return nil }
        separator = start + 2
        return Int(tens &* 10 &+ ones)
    }

    /// The rest of ``lenientInteger(_:in:)``: signs, and malformed fields.
    @inline(never)
    private mutating func readIntegerWithSignOrError(_ name: NMEAFieldName, in range: ClosedRange<Int>) -> Int? {
        lenient { cursor throws(NMEAError) in try cursor.integer(name, in: range) }
    }

    @inline(__always)
    mutating func lenientCharacter(_ name: NMEAFieldName) -> UInt8? {
        lenient { cursor throws(NMEAError) in try cursor.character(name) }
    }

    @inline(__always)
    mutating func lenientHexDigit(_ name: NMEAFieldName) -> UInt8? {
        lenient { cursor throws(NMEAError) in try cursor.hexDigit(name) }
    }

    /// A date; `ddmmyy` followed by a comma takes ``plainDate()``.
    @inline(__always)
    mutating func lenientDate(_ name: NMEAFieldName) -> NMEADate? {
        if let date = plainDate() { return date }
        return lenient { cursor throws(NMEAError) in try cursor.date(name) }
    }
}
