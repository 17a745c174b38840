/// The shapes nearly every receiver gives a few runs of short fields, each
/// checked and read at once: where the general readers test every field for
/// a sign, emptiness and its end, one or two words are compared with the
/// shape. Anything else leaves the cursor unmoved for the general readers,
/// which give the same verdict.
extension FieldCursor {
    /// The next two fields as GSA's selection mode and fix dimension when
    /// they have the shape `c,d` (any character but a comma, one digit),
    /// followed by a comma.
    @inline(__always)
    mutating func plainSelectionModeAndDimension() -> (mode: UInt8, dimension: UInt8)? {
        let start = separator + 1
        guard end - start >= 4, start[0] != UInt8(ascii: ","), start[1] == UInt8(ascii: ","),
              case let dimension = start[2] &- 0x30, dimension < 10, start[3] == UInt8(ascii: ",")
        else { return nil }
        separator = start + 3
        return (start[0], dimension)
    }

    /// The next field as one character (any byte but a comma) followed by a comma, as RMC's
    /// status is; otherwise `nil` with the cursor unmoved, for ``character(_:)`` to read and
    /// judge. Tested as branches, where the general reader's tests for an empty field and its
    /// end are combined branch-free.
    @inline(__always)
    mutating func plainCharacter() -> UInt8? {
        let start = separator + 1
        // Both bytes lie within the body; false too when no field is left.
        guard end - start >= 2, start[0] != UInt8(ascii: ","), start[1] == UInt8(ascii: ",") else { return nil }
        separator = start + 1
        return start[0]
    }

    /// The next two fields as GGA's fix quality and satellites used when
    /// they have the shape `d,dd`, followed by a comma.
    @inline(__always)
    mutating func plainQualityAndSatellites() -> (quality: UInt8, satellites: Int)? {
        let start = separator + 1
        guard end - start >= 8 else { return nil }  // the word lies within the body
        // XOR with the shape: digits become 0–9, the commas 0; bytes 5-7 are not looked at.
        let shaped = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            & 0xFF_FFFF_FFFF ^ 0x2C_3030_2C30  // "0,00,"
        guard Self.allBytesBelowTen(shaped), shaped & 0xFF_0000_FF00 == 0 else { return nil }
        separator = start + 4
        let satellites = (shaped &>> 16 & 0xFF) &* 10 &+ (shaped &>> 24 & 0xFF)
        return (UInt8(truncatingIfNeeded: shaped), Int(truncatingIfNeeded: satellites))
    }

    /// The next three fields as a GSV's sentence count, sentence number and
    /// satellites in view when they have the shape `d,d,dd` with a count
    /// and number of 1–9, followed by a comma.
    @inline(__always)
    mutating func plainGSVHeader() -> (count: Int, number: Int, inView: Int)? {
        let start = separator + 1
        // The eight bytes lie within the body; false too when no field is left.
        guard end - start >= 8 else { return nil }
        // XOR with the shape: digits become 0–9, the commas 0; byte 7 is not looked at.
        let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            ^ 0x002C_3030_2C30_2C30  // "0,0,00,"
        let shaped = word & 0x00FF_FFFF_FFFF_FFFF
        guard Self.allBytesBelowTen(shaped), shaped & 0x00FF_0000_FF00_FF00 == 0 else { return nil }
        let count = Int(truncatingIfNeeded: shaped & 0xFF), number = Int(truncatingIfNeeded: shaped &>> 16 & 0xFF)
        guard count > 0, number > 0 else { return nil }
        separator = start + 6
        let inView = (shaped &>> 32 & 0xFF) &* 10 &+ (shaped &>> 40 & 0xFF)
        return (count, number, Int(truncatingIfNeeded: inView))
    }

    /// The next three fields as GSA satellite IDs when each is two digits
    /// (`04,05,09`), followed by a comma or the body's end: the shape of a
    /// GSA's list until its empty slots. Eight bytes are checked as one word,
    /// where ``emptyOrTwoDigits()`` three times would test each field apart;
    /// anything else leaves the cursor unmoved for it, and it reads the same IDs.
    @inline(__always)
    mutating func plainThreeSatelliteIDs() -> (UInt16, UInt16, UInt16)? {
        let start = separator + 1
        // The eight bytes lie within the body and the one after them is
        // readable; false too when no field is left.
        guard end - start >= 8, Self.isEmpty(start + 8, before: end) else { return nil }
        // XOR with the shape: digits become 0–9, the commas 0.
        let shaped = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            ^ 0x3030_2C30_302C_3030  // "00,00,00"
        guard Self.allBytesBelowTen(shaped), shaped & 0x0000_FF00_00FF_0000 == 0 else { return nil }
        separator = start + 8
        // Each byte's digit times ten plus the next byte's: the IDs are bytes 0, 3 and 6.
        let pairs = shaped &* 10 &+ shaped &>> 8
        return (UInt16(truncatingIfNeeded: pairs & 0xFF), UInt16(truncatingIfNeeded: pairs &>> 24 & 0xFF),
                UInt16(truncatingIfNeeded: pairs &>> 48 & 0xFF))
    }

    /// The next four fields as one GSV satellite when they have the shape
    /// `dd,dd,ddd,dd` (ID, elevation, azimuth, SNR) with elevation ≤ 90 and
    /// azimuth ≤ 360, followed by a comma or the end of the body; otherwise
    /// `nil` with the cursor unmoved, and the general readers take over.
    ///
    /// Twelve bytes are checked against the shape as two words instead of
    /// four fields being scanned a byte at a time: GSV is half of what a
    /// typical receiver sends, and this is most of its work.
    @inline(__always)
    mutating func plainSatellite() -> GSV.Satellite? {
        let start = separator + 1
        // The twelve bytes and the one after them lie within the body (whose
        // end byte is readable); false too when no field is left.
        guard end - start >= 12 else { return nil }
        let after = start + 12
        guard after == end || after.pointee == UInt8(ascii: ",") else { return nil }
        let raw = UnsafeRawPointer(start)
        // XOR with the shape: digits become 0–9, the commas 0.
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ 0x3030_2C30_302C_3030  // "00,00,00"
        let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) ^ 0x3030_2C30)  // "0,00"
        guard Self.allBytesBelowTen(low), Self.allBytesBelowTen(high),
              (low & 0x0000_FF00_00FF_0000) | (high & 0xFF00) == 0
        else { return nil }
        // Each byte's digit times ten plus the next byte's: the two-digit values.
        let lowPairs = low &* 10 &+ low &>> 8
        let highPairs = high &* 10 &+ high &>> 8
        let elevation = lowPairs &>> 24 & 0xFF
        let azimuth = (lowPairs &>> 48 & 0xFF) &* 10 &+ (high & 0xFF)
        guard elevation <= 90, azimuth <= 360 else { return nil }
        separator = after
        return GSV.Satellite(
            storedID: UInt16(truncatingIfNeeded: lowPairs & 0xFF), storedElevation: Int8(truncatingIfNeeded: elevation),
            storedAzimuth: UInt16(truncatingIfNeeded: azimuth),
            storedSNR: UInt16(truncatingIfNeeded: (highPairs &>> 16 & 0xFF) &* 100))
    }

    /// The next sixteen fields as four GSV satellites when each has the shape
    /// ``plainSatellite()`` reads; otherwise `nil` with the cursor unmoved. Straight-line code
    /// that stores the four at once, where a loop appending them one by one kept its cursor
    /// and count in memory (about 60 instructions a GSV more under callgrind).
    ///
    /// Fewer than 52 bytes left (four satellites of that shape and their commas) cannot hold
    /// them: such a GSV, one that lists fewer, is turned down at once rather than read up to its
    /// last satellite and then read again by the caller's loop.
    @_transparent
    mutating func plainFourSatellites() -> (GSV.Satellite, GSV.Satellite, GSV.Satellite, GSV.Satellite)? {
        let start = separator
        guard end - start >= 52 else { return nil }
        guard let first = plainSatellite(), let second = plainSatellite(), let third = plainSatellite(),
              let fourth = plainSatellite()
        else {
            separator = start
            return nil
        }
        return (first, second, third, fourth)
    }

    /// RMC's last fields when the magnetic variation and its direction are empty and a mode
    /// follows, alone or with NMEA 4.1's navigational status (`,,,A` or `,,,A,V` up to the
    /// body's end): the tail of nearly every RMC, read at once where the general path tests
    /// five fields one by one. The values are the general path's: no variation, the mode and
    /// the status as sent (any byte but a comma), nothing malformed.
    @inline(__always)
    mutating func plainRMCTail() -> (mode: UInt8, navigationalStatus: UInt8?)? {
        // separator[0] is the comma before the variation: the tail is not empty.
        let count = end - separator
        guard count == 4 || count == 6, separator[1] == UInt8(ascii: ","), separator[2] == UInt8(ascii: ","),
              separator[3] != UInt8(ascii: ",")
        else { return nil }
        let mode = separator[3]
        if count == 4 {
            separator = end
            return (mode, nil)
        }
        guard separator[4] == UInt8(ascii: ","), separator[5] != UInt8(ascii: ",") else { return nil }
        let status = separator[5]
        separator = end
        return (mode, status)
    }

    /// Skips the next two fields and returns `true` when they are empty and the sentence's last
    /// (`,,` up to the body's end), as GGA's DGPS age and station nearly always are: both read as
    /// `nil` by the general readers too. Otherwise `false`, with the cursor unmoved.
    @inline(__always)
    mutating func skipTwoEmptyLastFields() -> Bool {
        guard end - separator == 2, separator[1] == UInt8(ascii: ",") else { return false }
        separator = end
        return true
    }

    /// Skips VTG's true-course unit and the empty magnetic course with its unit and returns
    /// `true` when they are `T,,M` followed by a comma (the lettered form from a receiver that
    /// sends no magnetic course), read as one word where the general path tests three fields;
    /// otherwise `false`, with the cursor unmoved.
    @inline(__always)
    mutating func skipTrueUnitAndEmptyMagneticCourse() -> Bool {
        // separator[5] lies within the body or is its end byte (readable, and not a comma).
        guard end - separator >= 5,
              UInt32(littleEndian: UnsafeRawPointer(separator + 1).loadUnaligned(as: UInt32.self)) == 0x4D2C_2C54,  // "T,,M"
              separator[5] == UInt8(ascii: ",")
        else { return false }
        separator += 5
        return true
    }

    /// Whether every byte of `word` is 0–9.
    @inline(__always)
    private static func allBytesBelowTen(_ word: UInt64) -> Bool { DigitWord.bytesOverNine(word) == 0 }
}
