/// Readers for optional fields: a malformed field reads as `nil`, is recorded
/// in ``FieldCursor/malformedFields``, and the cursor moves past it.
extension FieldCursor {
    @inline(__always)
    mutating func lenientDecimal(_ name: NMEAFieldName, signed: Bool = false) -> Double? {
        lenient { cursor throws(NMEAError) in try cursor.decimal(name, signed: signed) }
    }

    /// A number and its unit letter, two fields.
    @inline(__always)
    mutating func lenientDecimal(_ name: NMEAFieldName, signed: Bool = false, unit: UInt8) -> Double? {
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

    @inline(__always)
    mutating func lenientDate(_ name: NMEAFieldName) -> NMEADate? {
        lenient { cursor throws(NMEAError) in try cursor.date(name) }
    }
}
