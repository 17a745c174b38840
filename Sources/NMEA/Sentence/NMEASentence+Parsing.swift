extension NMEASentence {
    /// Validates one sentence given on its own and passes it to `body`.
    ///
    /// The text is checked as the framer checks a line: a doubled `$$` prefix
    /// is tolerated, trailing CR and LF are ignored, and anything else after
    /// the checksum is an error. The bytes are copied once to the stack (for
    /// sentences up to a few hundred bytes), so this allocates nothing.
    ///
    /// ```swift
    /// let talker = try NMEASentence.withParsed("$GPGGA,123519,4807.038,N,...*47") { $0.talker }
    /// ```
    ///
    /// - Parameters:
    ///   - text: One sentence, from `$` or `!` to its checksum.
    ///   - acceptsMissingChecksum: Whether a sentence without `*hh` passes.
    ///   - maximumLength: The longest sentence accepted, in bytes from `$`
    ///     through the checksum.
    ///   - body: Receives the sentence, valid only during the call. A closure
    ///     that throws must say `throws(NMEAError)`; to decode one sentence,
    ///     ``NMEASentenceDecodable/init(parsing:acceptsMissingChecksum:)`` is shorter.
    /// - Returns: What `body` returns.
    /// - Throws: The ``NMEAError`` that rejected the text, or the one `body` threw.
    public static func withParsed<Result>(
        _ text: some StringProtocol, acceptsMissingChecksum: Bool = false, maximumLength: Int = 256,
        _ body: (NMEASentence) throws(NMEAError) -> Result
    ) throws(NMEAError) -> Result {
        var text = String(text)
        let outcome: Swift.Result<Result, NMEAError> = text.withUTF8 { bytes in
            Swift.Result { () throws(NMEAError) -> Result in
                try withParsed(bytes: UnsafeRawBufferPointer(bytes), acceptsMissingChecksum: acceptsMissingChecksum,
                               maximumLength: maximumLength, body)
            }
        }
        return try outcome.get()
    }

    /// Validates one sentence given as bytes; see ``withParsed(_:acceptsMissingChecksum:maximumLength:_:)``.
    public static func withParsed<Result>(
        bytes: UnsafeRawBufferPointer, acceptsMissingChecksum: Bool = false, maximumLength: Int = 256,
        _ body: (NMEASentence) throws(NMEAError) -> Result
    ) throws(NMEAError) -> Result {
        var lower = 0, upper = bytes.count
        while upper > lower && (bytes[upper - 1] == 0x0A || bytes[upper - 1] == 0x0D) { upper -= 1 }
        while upper - lower > 1 && bytes[lower] == UInt8(ascii: "$") && bytes[lower + 1] == UInt8(ascii: "$") {
            lower += 1
        }
        guard upper > lower, bytes[lower] == UInt8(ascii: "$") || bytes[lower] == UInt8(ascii: "!") else {
            throw .notASentence
        }
        let length = upper - lower
        guard length <= maximumLength else { throw .tooLong }
        let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length + 1) { copy in
            let start = UnsafePointer(copy.baseAddress!)
            _ = copy.initialize(from: bytes[lower..<upper])
            copy[length] = 0x0A  // the line end that the stripped text lacks
            let (end, xor) = SentenceScanner.scanExtent(from: start, limit: start + length + 1)
            guard end == start + length else { return Swift.Result<Result, NMEAError>.failure(.interrupted) }
            let validated = SentenceScanner.validate(start: start, end: end, xor: xor, interrupted: false,
                                                     acceptsMissingChecksum: acceptsMissingChecksum)
            return Swift.Result { () throws(NMEAError) -> Result in try body(validated.get()) }
        }
        return try outcome.get()
    }
}
