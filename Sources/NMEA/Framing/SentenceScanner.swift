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
    /// Works thirty-two, sixteen or eight bytes per step: a word with no byte below 0x25
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
        // Thirty-two bytes a step, then sixteen, while no word holds a
        // candidate: most of a sentence. The test is looser than the exact one
        // below (it also flags bytes from 0xA5, which NMEA text never has): a
        // flagged word only means a shorter step takes over, and no byte
        // below 0x25 goes unflagged.
        while limit - position >= 32 {
            let words = (word(at: position), word(at: position + 8), word(at: position + 16), word(at: position + 24))
            if hasLooseCandidate(words.0, words.1) || hasLooseCandidate(words.2, words.3) { break }
            accumulator ^= words.0 ^ words.1 ^ words.2 ^ words.3
            position += 32
        }
        if limit - position >= 16, case let words = (word(at: position), word(at: position + 8)),
           !hasLooseCandidate(words.0, words.1) {
            accumulator ^= words.0 ^ words.1
            position += 16
        }
        while limit - position >= 8 {
            let word = word(at: position)
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
    private static func word(at position: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
    }

    /// Whether either word may hold a byte below 0x25 (a few bytes from
    /// 0xA5 are flagged too).
    @inline(__always)
    private static func hasLooseCandidate(_ first: UInt64, _ second: UInt64) -> Bool {
        ((first &- 0x2525_2525_2525_2525) | (second &- 0x2525_2525_2525_2525)) & 0x8080_8080_8080_8080 != 0
    }

    @inline(__always)
    private static func fold(_ word: UInt64) -> UInt8 {
        var folded = word ^ (word &>> 32)
        folded ^= folded &>> 16
        folded ^= folded &>> 8
        return UInt8(truncatingIfNeeded: folded)
    }

    /// The sentence from `start` up to the terminator at `end` when it is of the usual kind,
    /// a five-character address and an upper-case checksum that matches: what ``validate`` tests
    /// first. `nil` for any other, for ``validateUnusual`` to judge.
    @inline(__always)
    static func usualSentence(
        start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, xor: UInt8
    ) -> NMEASentence? {
        // `$`, the address and its comma, then `*hh`: more than ten bytes.
        guard end - start > 10, end[-3] == UInt8(ascii: "*"), case let address = word(at: start),
              isUsualAddress(address), isUpperHexChecksum(computedChecksum(xor, end), at: end - 2)
        else { return nil }
        return NMEASentence(start: start, usualAddress: address, bodyEnd: end - 3, hasChecksum: true)
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
        if let sentence = usualSentence(start: start, end: end, xor: xor) { return .success(sentence) }
        return validateUnusual(start: start, end: end, xor: xor, interrupted: interrupted,
                               acceptsMissingChecksum: acceptsMissingChecksum)
    }

    /// ``validate(start:end:xor:interrupted:acceptsMissingChecksum:)`` for a sentence that
    /// ``usualSentence(start:end:xor:)`` turned down: the same parameters and verdict.
    ///
    /// Out of line: the framer calls it only for the rare sentence, and inlined it grew the
    /// framer's delivery step until that stayed a call (callgrind: 18 instructions a sentence).
    @inline(never)
    static func validateUnusual(
        start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, xor: UInt8,
        interrupted: Bool, acceptsMissingChecksum: Bool
    ) -> Result<NMEASentence, NMEAError> {
        // The address is checked before the checksum, so that binary data
        // containing a `$` is reported as such.
        let hasChecksum = end - start >= 4 && end[-3] == UInt8(ascii: "*")
        let bodyEnd = hasChecksum ? end - 3 : end
        // A five-character address whose checksum is not the usual upper-case hex that matches.
        if bodyEnd - start > 7, isUsualAddress(word(at: start)) {
            return validateChecksum(start: start, addressEnd: start + 6, bodyEnd: bodyEnd, end: end, xor: xor,
                                    interrupted: interrupted, acceptsMissingChecksum: acceptsMissingChecksum)
        }
        var addressEnd = start + 1
        while addressEnd < bodyEnd && isAlphanumeric(addressEnd.pointee) { addressEnd += 1 }
        guard addressEnd > start + 1,
              addressEnd == bodyEnd || addressEnd.pointee == UInt8(ascii: ",")
        else { return .failure(interrupted ? .interrupted : .malformedAddress) }
        return validateChecksum(start: start, addressEnd: addressEnd, bodyEnd: bodyEnd, end: end, xor: xor,
                                interrupted: interrupted, acceptsMissingChecksum: acceptsMissingChecksum)
    }

    /// The checksum verdict for a sentence whose address ends at `addressEnd`,
    /// once the usual case (upper-case hex that matches) is ruled out or the
    /// address is unusual. `bodyEnd` is `end - 3` when the sentence ends with
    /// `*hh`, else `end`.
    ///
    /// Out of line: inlined, it made the usual path 13 instructions longer (callgrind).
    @inline(never)
    private static func validateChecksum(
        start: UnsafePointer<UInt8>, addressEnd: UnsafePointer<UInt8>, bodyEnd: UnsafePointer<UInt8>,
        end: UnsafePointer<UInt8>, xor: UInt8, interrupted: Bool, acceptsMissingChecksum: Bool
    ) -> Result<NMEASentence, NMEAError> {
        let hasChecksum = bodyEnd != end
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

    /// Whether the two bytes at `digits` are `checksum` in upper-case hex,
    /// compared as one 16-bit word with the pair from ``upperHexPairs``.
    @inline(__always)
    private static func isUpperHexChecksum(_ checksum: UInt8, at digits: UnsafePointer<UInt8>) -> Bool {
        let transmitted = UnsafeRawPointer(digits).loadUnaligned(as: UInt16.self)
        let expected = UnsafeRawPointer(upperHexPairs.utf8Start).loadUnaligned(
            fromByteOffset: Int(checksum) &* 2, as: UInt16.self)
        return transmitted == expected
    }

    /// `00` to `FF`: byte 2*n and 2*n+1 spell n in upper-case hex. A literal
    /// lives in the binary, so looking a pair up costs one load and no
    /// lazy initialisation.
    private static var upperHexPairs: StaticString {
        """
        000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\
        202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F\
        404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F\
        606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F\
        808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F\
        A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF\
        C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF\
        E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF
        """
    }

    /// Whether `word`, the eight bytes from a sentence's `$`, has upper-case
    /// letters in bytes 1–5 and a comma in byte 6: the address of nearly every
    /// sentence, checked at once. Digits are left to the general path, which
    /// gives an address with them the same verdict (callgrind: 6 instructions a
    /// sentence fewer than testing for them here).
    @inline(__always)
    private static func isUsualAddress(_ word: UInt64) -> Bool {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // A byte's top bit after adding 0x80 - c is set when the byte is at least c.
        func atLeast(_ c: UInt64) -> UInt64 { low &+ (0x80 &- c) &* 0x0101_0101_0101_0101 }
        let letter = atLeast(0x41) & ~atLeast(0x5B)
        let good = letter & ~word & 0x0000_8080_8080_8000  // bytes 1-5
        return good == 0x0000_8080_8080_8000 && word &>> 48 & 0xFF == UInt64(UInt8(ascii: ","))
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
