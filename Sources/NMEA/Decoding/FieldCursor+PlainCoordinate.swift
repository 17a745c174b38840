extension FieldCursor {
    /// The next two fields as a coordinate and its hemisphere when they have
    /// the shape nearly every receiver sends, `ddmm.f,H` or `dddmm.f,H` (one
    /// to five whole digits, one to seven fraction digits, `H` being
    /// `positive` or `negative`), followed by a comma at least sixteen bytes before the
    /// body's end, and the value is in range; otherwise `nil` with the cursor unmoved, and
    /// ``coordinate(_:hemisphere:maximumDegrees:positive:negative:)`` reads
    /// the fields one by one and gives the verdict.
    ///
    /// The whole digits and the fraction digits are each one ``DigitWord``,
    /// counted and converted at once instead of a byte at a time; degrees
    /// and minutes are then combined by the same integer and floating-point
    /// steps as the general reader, so the value is the same to the bit.
    ///
    /// Transparent, and calling nothing that is not: inlined into a
    /// decoder's `init`, any call left (an array subscript, a global's
    /// accessor, `quotientAndRemainder`) stays a call, since the optimiser
    /// stops inlining into a function that large.
    @_transparent
    mutating func plainCoordinate(maximumDegrees: Int, positive: UInt8, negative: UInt8) -> Double? {
        let start = separator + 1
        // Both words lie within the body (the fraction's starts at most six bytes in), and so do
        // the hemisphere and the byte after it (at most fifteen bytes in); false too when no
        // field is left. A coordinate nearer the end takes the general reader.
        guard end - start >= 16 else { return nil }
        let wholeDegrees: Int, minutes: Int, fractionStart: UnsafePointer<UInt8>
        if let fixed = Self.paddedDegreesAndMinutes(at: start, degreeDigits: maximumDegrees < 100 ? 2 : 3) {
            (wholeDegrees, minutes) = fixed
            fractionStart = start + (maximumDegrees < 100 ? 5 : 6)
        } else {
            let whole = DigitWord(start)
            let wholeDigits = whole.leadingDigits
            guard wholeDigits >= 1, wholeDigits <= 5, whole.byte(at: wholeDigits) == UInt8(ascii: ".") else {
                return nil
            }
            let degreesAndMinutes = Int(truncatingIfNeeded: whole.value(ofLeading: wholeDigits))
            wholeDegrees = degreesAndMinutes / 100
            minutes = degreesAndMinutes % 100
            fractionStart = start + wholeDigits + 1
        }
        let fraction = DigitWord(fractionStart)
        let fractionDigits = fraction.leadingDigits
        let hemisphere = fractionStart + fractionDigits + 1
        guard fractionDigits >= 1, fractionDigits <= 7, fractionStart[fractionDigits] == UInt8(ascii: ","),
              hemisphere.pointee == positive || hemisphere.pointee == negative,
              hemisphere[1] == UInt8(ascii: ",")  // at most fifteen bytes in: before the body's end
        else { return nil }
        let (scale, inverseSixtyScale) = Self.fractionScale(digits: fractionDigits)
        let scaledMinutes = UInt64(minutes) &* scale &+ fraction.value(ofLeading: fractionDigits)
        guard minutes < 60, wholeDegrees < maximumDegrees || (wholeDegrees == maximumDegrees && scaledMinutes == 0)
        else { return nil }
        separator = hemisphere + 1
        let degrees = Double(wholeDegrees) + Double(Int64(bitPattern: scaledMinutes)) * inverseSixtyScale
        return hemisphere.pointee == positive ? degrees : -degrees
    }

    /// The degrees and minutes of a coordinate padded to its full width, `ddmm.` (latitude,
    /// `degreeDigits` 2) or `dddmm.` (longitude, 3), what nearly every receiver sends: the digits
    /// and the point are checked as one word and the pairs read by one multiplication, where
    /// the general word path counts the digits and divides their number by 100 (about 30
    /// instructions a coordinate more under callgrind). `nil` for any other shape.
    @_transparent
    static func paddedDegreesAndMinutes(at start: UnsafePointer<UInt8>, degreeDigits: Int) -> (Int, Int)? {
        let word = DigitWord(start)
        let pointIndex = degreeDigits &+ 2
        // The digits before the point, the bytes from it masked off.
        let digits = word.bits & ((1 &<< (UInt64(pointIndex) &* 8)) &- 1)
        guard DigitWord.bytesOverNine(digits) == 0, word.byte(at: pointIndex) == UInt8(ascii: ".") else { return nil }
        // Each byte's digit times ten plus the next byte's: the pairs.
        let pairs = digits &* 10 &+ digits &>> 8
        if degreeDigits == 2 {
            return (Int(truncatingIfNeeded: pairs & 0xFF), Int(truncatingIfNeeded: pairs &>> 16 & 0xFF))
        }
        return (Int(truncatingIfNeeded: (digits & 0xFF) &* 100 &+ (pairs &>> 8 & 0xFF)),
                Int(truncatingIfNeeded: pairs &>> 24 & 0xFF))
    }

    /// 10^digits and 1/(60 × 10^digits), the general reader's table entries,
    /// for 1–7 fraction digits. A switch rather than an array: the compiler
    /// makes it a constant table with no call, and switching over the low three bits
    /// leaves no case out, so the lookup needs no range check.
    @_transparent
    static func fractionScale(digits: Int) -> (UInt64, Double) {
        switch digits & 7 {
        case 0: (1, 1 / 60e0)  // not reached: callers pass 1–7
        case 1: (10, 1 / 60e1)
        case 2: (100, 1 / 60e2)
        case 3: (1_000, 1 / 60e3)
        case 4: (10_000, 1 / 60e4)
        case 5: (100_000, 1 / 60e5)
        case 6: (1_000_000, 1 / 60e6)
        default: (10_000_000, 1 / 60e7)
        }
    }
}
