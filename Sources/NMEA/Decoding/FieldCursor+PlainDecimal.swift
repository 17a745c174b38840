/// The shapes nearly every decimal field has, read without the general
/// reader's error handling.
extension FieldCursor {
    /// Reads the next field into `value` when it is empty, absent, or a plain
    /// `[-]digits[.digits]` of at most eighteen digits (the sign only when
    /// `signed`), and returns `true`; otherwise returns `false` with the
    /// cursor unmoved, for ``decimal(_:signed:)`` to judge.
    ///
    /// For the fields it accepts the result is the general reader's to the
    /// bit: the same mantissa divided by the same power of ten.
    @inline(__always)
    mutating func plainDecimal(into value: inout Double?, signed: Bool) -> Bool {
        guard let start = fieldStart() else {
            value = nil
            return true
        }
        var position = start
        // Marked unlikely so that the sign is a branch rather than a select (fewer instructions).
        let negative = signed && _slowPath(position.pointee == UInt8(ascii: "-"))
        if negative { position += 1 }
        let wholeStart = position
        var mantissa: UInt64 = 0
        while case let digit = UInt64(position.pointee) &- 0x30, digit < 10 {
            mantissa = mantissa &* 10 &+ digit
            position += 1
        }
        var digits = position - wholeStart
        if position.pointee == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while case let digit = UInt64(position.pointee) &- 0x30, digit < 10 {
                mantissa = mantissa &* 10 &+ digit
                position += 1
            }
            digits &+= position - fractionStart  // both counts are within one sentence: no overflow to check
            guard digits > 0, digits <= 18, Self.isEmpty(position, before: end) else { return false }
            // At most eighteen fraction digits: within the table, so read with no range check.
            let magnitude = Double(Int64(bitPattern: mantissa))
                / powersOfTen.withUnsafeBufferPointer { $0[position - fractionStart] }
            value = negative ? -magnitude : magnitude
        } else {
            guard digits <= 18, Self.isEmpty(position, before: end) else { return false }
            if position == start {
                value = nil  // empty
            } else {
                guard digits > 0 else { return false }  // a sign alone
                let magnitude = Double(Int64(bitPattern: mantissa))
                value = negative ? -magnitude : magnitude
            }
        }
        separator = position
        return true
    }

    /// Skips the next field and returns `true` when it is empty, absent or
    /// holds exactly `letter`; returns `false` with the cursor unmoved otherwise.
    @inline(__always)
    mutating func plainUnit(_ letter: UInt8) -> Bool {
        guard let start = fieldStart() else { return true }
        // The letter first: it is nearly always there.
        if start.pointee == letter, Self.isEmpty(start + 1, before: end) {
            separator = start + 1
            return true
        }
        guard Self.isEmpty(start, before: end) else { return false }
        separator = start
        return true
    }
}
