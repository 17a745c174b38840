/// The shape nearly every receiver gives a GSV satellite, read whole.
extension FieldCursor {
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

    /// Whether every byte of `word` is 0–9.
    @inline(__always)
    private static func allBytesBelowTen(_ word: UInt64) -> Bool {
        // Adding 0x76 to a byte of at most 0x7F sets its top bit exactly when it was 10 or more.
        (((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | word) & 0x8080_8080_8080_8080 == 0
    }
}
