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
    mutating func lenientDecimal(_ name: NMEAFieldName, atMost maximum: Double) -> Double? {
        lenient { cursor throws(NMEAError) in try cursor.decimal(name, atMost: maximum) }
    }

    @inline(__always)
    mutating func lenientInteger(_ name: NMEAFieldName, in range: ClosedRange<Int>) -> Int? {
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
