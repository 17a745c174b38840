/// The two steps every sentence goes through, whichever path framed it:
/// finding where it ends while XOR-ing its bytes, then validating it.
///
/// The fast path (a sentence wholly inside the caller's chunk) and the slow
/// path (a sentence carried across chunks) both call these on the same bytes,
/// which is why the way input is split never changes what comes out.
enum SentenceScanner {
    /// Bytes that end a sentence: line feed, carriage return, or a `$` that
    /// starts the next one.
    @inline(__always)
    static func isTerminator(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x24
    }

    /// Scans from the `$` or `!` at `start` for the first terminator before
    /// `limit`, XOR-ing every byte after `start` on the way.
    ///
    /// Works sixteen or eight bytes per step: a word with no byte below 0x25
    /// (which excludes CR, LF, `$`, and little else that occurs in NMEA) is
    /// folded into the XOR whole.
    ///
    /// - Returns: The terminator's position (or `limit` when there is none)
    ///   and the XOR of the bytes from `start + 1` up to that position.
    @inline(__always)
    static func scanExtent(
        from start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>
    ) -> (end: UnsafePointer<UInt8>, xor: UInt8) {
        var position = start + 1
        var accumulator: UInt64 = 0
        // Sixteen bytes a step while neither word holds a candidate: most of a
        // sentence. The test is looser than the exact one below (it also flags
        // bytes from 0xA5, which NMEA text never has): a flagged pair of words
        // only means the exact loop takes over, and no byte below 0x25 goes unflagged.
        while limit - position >= 16 {
            let first = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            let second = UInt64(littleEndian: UnsafeRawPointer(position + 8).loadUnaligned(as: UInt64.self))
            let candidates = (first &- 0x2525_2525_2525_2525) | (second &- 0x2525_2525_2525_2525)
            if candidates & 0x8080_8080_8080_8080 != 0 { break }
            accumulator ^= first ^ second
            position += 16
        }
        while limit - position >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            let candidates = (word &- 0x2525_2525_2525_2525) & ~word & 0x8080_8080_8080_8080
            if candidates == 0 {
                accumulator ^= word
                position += 8
                continue
            }
            let index = candidates.trailingZeroBitCount &>> 3
            accumulator ^= word & ((1 &<< (UInt64(index) &* 8)) &- 1)
            let byte = position[index]
            if isTerminator(byte) { return (position + index, fold(accumulator)) }
            accumulator ^= UInt64(byte)
            position += index + 1
        }
        while position < limit {
            let byte = position.pointee
            if isTerminator(byte) { break }
            accumulator ^= UInt64(byte)
            position += 1
        }
        return (position, fold(accumulator))
    }

    @inline(__always)
    private static func fold(_ word: UInt64) -> UInt8 {
        var folded = word ^ (word &>> 32)
        folded ^= folded &>> 16
        folded ^= folded &>> 8
        return UInt8(truncatingIfNeeded: folded)
    }

    /// Validates the sentence from `start` up to the terminator at `end`.
    ///
    /// - Parameters:
    ///   - xor: The XOR of the bytes from `start + 1` to `end`, from ``scanExtent(from:limit:)``.
    ///   - interrupted: Whether `end` is a `$` that starts another sentence;
    ///     such a sentence is complete only if it ends with its checksum.
    ///   - acceptsMissingChecksum: Whether a sentence without `*hh` passes.
    @inline(__always)
    static func validate(
        start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, xor: UInt8,
        interrupted: Bool, acceptsMissingChecksum: Bool
    ) -> Result<NMEASentence, NMEAError> {
        // Where the checksum would start; the address is checked before the
        // checksum so that binary data containing a `$` is reported as such.
        let hasChecksum = end - start >= 4 && end[-3] == UInt8(ascii: "*")
        let bodyEnd = hasChecksum ? end - 3 : end
        var addressEnd = start + 6
        if !(bodyEnd - start > 7 && isUsualAddress(start)) {
            addressEnd = start + 1
            while addressEnd < bodyEnd && isAlphanumeric(addressEnd.pointee) { addressEnd += 1 }
            guard addressEnd > start + 1,
                  addressEnd == bodyEnd || addressEnd.pointee == UInt8(ascii: ",")
            else { return .failure(interrupted ? .interrupted : .malformedAddress) }
        }
        // The usual case first: the checksum matches, in upper-case hex.
        if hasChecksum && end[-2] == upperHexDigit(computedChecksum(xor, end) &>> 4)
            && end[-1] == upperHexDigit(computedChecksum(xor, end) & 0xF) {
            return .success(NMEASentence(start: start, addressEnd: addressEnd, bodyEnd: bodyEnd, hasChecksum: true))
        }
        if hasChecksum {
            let high = hexValue(end[-2]), low = hexValue(end[-1])
            guard high | low < 16 else { return .failure(interrupted ? .interrupted : .malformedChecksum) }
            let transmitted = high &<< 4 | low
            let computed = computedChecksum(xor, end)
            guard transmitted == computed else {
                return .failure(.checksumMismatch(transmitted: transmitted, computed: computed))
            }
        } else {
            if interrupted { return .failure(.interrupted) }
            if UnsafeBufferPointer(start: start, count: end - start).contains(UInt8(ascii: "*")) {
                return .failure(.malformedChecksum)
            }
            guard acceptsMissingChecksum else { return .failure(.missingChecksum) }
        }
        return .success(NMEASentence(start: start, addressEnd: addressEnd, bodyEnd: bodyEnd,
                                     hasChecksum: hasChecksum))
    }

    /// The checksum of the body, given the XOR of everything after the `$`
    /// up to the line end at `end`, which included the `*hh`.
    @inline(__always)
    private static func computedChecksum(_ xor: UInt8, _ end: UnsafePointer<UInt8>) -> UInt8 {
        xor ^ UInt8(ascii: "*") ^ end[-2] ^ end[-1]
    }

    /// The upper-case ASCII hex digit for `value`, 0–15.
    @inline(__always)
    private static func upperHexDigit(_ value: UInt8) -> UInt8 {
        // '0' + value, plus the 7 that separates '9' + 1 from 'A' when value > 9.
        0x30 &+ value &+ (value &+ 6) &>> 4 &* 7
    }

    /// Whether `start[1...5]` are upper-case letters or digits and `start[6]`
    /// a comma: the address of nearly every sentence, checked as one word.
    ///
    /// Reads `start[0...7]`, which the caller ensures lie before the sentence's end.
    @inline(__always)
    private static func isUsualAddress(_ start: UnsafePointer<UInt8>) -> Bool {
        let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // A byte's top bit after adding 0x80 - c is set when the byte is at least c.
        func atLeast(_ c: UInt64) -> UInt64 { low &+ (0x80 &- c) &* 0x0101_0101_0101_0101 }
        let letter = atLeast(0x41) & ~atLeast(0x5B)
        let digit = atLeast(0x30) & ~atLeast(0x3A)
        let good = (letter | digit) & ~word & 0x0000_8080_8080_8000  // bytes 1-5
        return good == 0x0000_8080_8080_8000 && start[6] == UInt8(ascii: ",")
    }

    /// The value of an ASCII hex digit of either case, or 16 or more for any other byte.
    ///
    /// Branch-free: checksum digits are random, so a branch on "digit or
    /// letter" would be mispredicted on every other sentence.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8 {
        let isDigit: UInt8 = byte &- 0x30 < 10 ? 1 : 0
        let isLetter: UInt8 = (byte | 0x20) &- 0x61 < 6 ? 1 : 0
        let value = (byte & 0x0F) &+ (byte &>> 6 & 1) &* 9  // '0'-'9' -> 0-9, 'A'-'F' and 'a'-'f' -> 10-15
        return value | (1 &- (isDigit | isLetter)) &<< 4
    }

    @inline(__always)
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26
    }
}
