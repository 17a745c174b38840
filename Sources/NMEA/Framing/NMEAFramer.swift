/// A streaming framer of what receivers send: feed it byte chunks of any size, get back every
/// NMEA 0183 sentence, validated, in order, and with ``append(_:sentences:binary:)`` every UBX
/// and RTCM 3 frame between them (``BinaryFrame``), checksum verified.
///
/// The framer copes with what real receivers and capture files contain:
/// CRLF, LF or lone CR line ends, blank lines, `#` comment lines, a doubled
/// `$$` prefix, `!` sentences, binary data between sentences, a `$` in the
/// middle of a line (a new sentence starts there and the interrupted one is
/// reported), and over-long lines. A corrupt line costs that line only.
///
/// A `B5 62` (UBX) or `D3` (RTCM 3) outside a sentence begins a binary frame; its payload is
/// never read as sentences, whatever `$` or line ends it holds. A frame whose length is out of
/// bounds or whose checksum fails costs itself only: framing resumes at its second byte, so a
/// preamble inside garbage never swallows a good frame or sentence after it.
///
/// Splitting the same input differently never changes what comes out: a
/// sentence that straddles two chunks is carried in a buffer allocated once,
/// at creation, and validated by the same code as one that does not.
///
/// ```swift
/// var framer = NMEAFramer()
/// framer.append(chunk) { result in
///     guard case .success(let sentence) = result, sentence.type == .gga else { return }
///     if let fix = try? GGA(sentence) { use(fix) }
/// }
/// ```
///
/// - Complexity: O(*n*) in the bytes appended (a failed binary frame's bytes are scanned again,
///   at most ``BinaryFrame`` 9,216 of them); no heap allocation after `init`.
public struct NMEAFramer: ~Copyable {
    /// The limits the framer applies.
    public let configuration: Configuration

    /// What the framer has seen so far.
    public private(set) var statistics = Statistics()

    private var state = State.lineStart

    /// Whether a sentence has begun (`$` or `!`) and not ended: the next bytes continue it.
    public var hasOpenSentence: Bool { state == .sentence }
    /// The start of a sentence that has not ended yet, with room for its terminator.
    private let carry: UnsafeMutablePointer<UInt8>
    private var carried = 0
    /// The start of a binary frame that has not ended yet.
    private let binaryCarry: UnsafeMutablePointer<UInt8>
    private var binaryCarried = 0
    /// Where the bytes of a failed carried frame are scanned again, after its first.
    private let rescan: UnsafeMutablePointer<UInt8>
    /// Whether the garbage run in progress was already counted: a preamble that begins no
    /// frame goes on with it.
    private var isInGarbageRun = false

    private enum State {
        case lineStart, comment, garbage, sentence, overlong, binary
    }

    /// Creates a framer.
    ///
    /// - Parameter configuration: Maximum sentence length and checksum policy.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        carry = .allocate(capacity: configuration.maximumSentenceLength + 1)
        binaryCarry = .allocate(capacity: BinaryFrameScanner.maximumFrame)
        rescan = .allocate(capacity: BinaryFrameScanner.maximumFrame)
    }

    deinit {
        carry.deallocate()
        binaryCarry.deallocate()
        rescan.deallocate()
    }

    /// Frames `chunk`, calling `body` once for each sentence or rejected
    /// sentence it completes, in input order.
    ///
    /// A sentence that is still open at the end of `chunk` is kept and
    /// completed by a later call, or by ``finish(_:)``.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the stream, of any length.
    ///   - body: Receives each sentence (valid only during the call) or the
    ///     ``NMEAError`` that rejected it.
    public mutating func append(
        _ chunk: UnsafeRawBufferPointer, _ body: (Result<NMEASentence, NMEAError>) -> Void
    ) {
        append(chunk, sentences: body, binary: { _ in })
    }

    /// Frames `chunk` as ``append(_:sentences:binary:)`` does, with the sentences' closure last.
    @inline(__always)
    public mutating func append(
        _ chunk: UnsafeRawBufferPointer, binary: (BinaryFrame) -> Void,
        _ body: (Result<NMEASentence, NMEAError>) -> Void
    ) {
        append(chunk, sentences: body, binary: binary)
    }

    /// Frames `chunk`, calling `sentences` for each sentence or rejected sentence and `binary`
    /// for each UBX or RTCM 3 frame it completes, all in input order.
    ///
    /// A sentence or frame still open at the end of `chunk` is kept and completed by a later
    /// call, or by ``finish(sentences:binary:)``.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the stream, of any length.
    ///   - sentences: Receives each sentence (valid only during the call) or the
    ///     ``NMEAError`` that rejected it.
    ///   - binary: Receives each binary frame whose checksum holds (valid only during the call).
    public mutating func append(
        _ chunk: UnsafeRawBufferPointer, sentences: (Result<NMEASentence, NMEAError>) -> Void,
        binary: (BinaryFrame) -> Void
    ) {
        chunk.withMemoryRebound(to: UInt8.self) { bytes in
            guard let base = bytes.baseAddress else { return }
            frame(from: UnsafePointer(base), to: UnsafePointer(base) + bytes.count, sentences, binary)
        }
    }

    /// Frames `bytes`; see ``append(_:_:)-(UnsafeRawBufferPointer,_)``.
    public mutating func append(_ bytes: [UInt8], _ body: (Result<NMEASentence, NMEAError>) -> Void) {
        bytes.withUnsafeBytes { append($0, body) }
    }

    /// Ends the stream: a sentence still open (a last line without a line end)
    /// is validated as if its line had ended, and passed to `body`.
    ///
    /// The framer is then ready for a new stream; ``statistics`` carry on.
    public mutating func finish(_ body: (Result<NMEASentence, NMEAError>) -> Void) {
        finish(sentences: body, binary: { _ in })
    }

    /// Ends the stream: a binary frame cut off by the end is not a frame (its bytes are framed
    /// again after its first, as garbage or sentences), and a sentence still open is validated
    /// as if its line had ended. The framer is then ready for a new stream; ``statistics``
    /// carry on.
    public mutating func finish(
        sentences: (Result<NMEASentence, NMEAError>) -> Void, binary: (BinaryFrame) -> Void
    ) {
        while state == .binary { rescanCarriedFrame(sentences, binary) }
        if state == .sentence {
            carry[carried] = 0x0A
            deliver(from: carry, to: carry + carried + 1, sentences)
        }
        reset()
    }

    /// Drops any partly received sentence or frame, as after reopening a device.
    public mutating func reset() {
        state = .lineStart
        carried = 0
        binaryCarried = 0
        isInGarbageRun = false
    }

    private mutating func frame(
        from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>,
        _ body: (Result<NMEASentence, NMEAError>) -> Void, _ binary: (BinaryFrame) -> Void
    ) {
        var position = start
        while position < end {
            switch state {
            case .lineStart:
                // The common case stays in this loop: sentences and line ends.
                while position < end && state == .lineStart {
                    let byte = position.pointee
                    // `$` first, as the likely byte: a compare and a branch a sentence, where
                    // the four bytes tested together take a jump table.
                    if _fastPath(byte == UInt8(ascii: "$")) || byte == UInt8(ascii: "!") {
                        position = frameSentence(at: position, end: end, body)
                    } else if byte == 0x0A || byte == 0x0D {
                        position += 1
                    } else {
                        break
                    }
                }
                guard position < end && state == .lineStart else { continue }
                if BinaryFrameScanner.isPreamble(position.pointee), let next = frameBinary(at: position, end: end, binary) {
                    position = next
                    continue
                }
                if position.pointee == UInt8(ascii: "#") && !isInGarbageRun {
                    statistics.comments += 1
                    state = .comment
                } else {
                    if !isInGarbageRun { statistics.garbageRuns += 1 }
                    isInGarbageRun = true
                    statistics.garbageBytes += 1
                    state = .garbage
                }
                position += 1
            case .comment:
                position = skip(from: position, to: end) { $0 == 0x0A || $0 == 0x0D }
            case .garbage:
                let runStart = position
                position = skip(from: position, to: end) {
                    $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!")
                        || BinaryFrameScanner.isPreamble($0)
                }
                statistics.garbageBytes += position - runStart
                // A preamble may yet begin a frame; anything else ends the run.
                if position < end, !BinaryFrameScanner.isPreamble(position.pointee) { isInGarbageRun = false }
            case .overlong:
                position = skip(from: position, to: end, until: SentenceScanner.isTerminator)
            case .sentence:
                position = continueCarriedSentence(at: position, end: end, body)
            case .binary:
                position = continueCarriedFrame(at: position, end: end, body, binary)
            }
        }
    }

    /// Frames the binary frame that may begin at `start`: delivers it when it ends within the
    /// chunk with a valid checksum, carries it when the chunk ends first, and returns `nil`
    /// when it is not a frame (`start`'s byte is then garbage).
    private mutating func frameBinary(
        at start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, _ binary: (BinaryFrame) -> Void
    ) -> UnsafePointer<UInt8>? {
        switch BinaryFrameScanner.extent(at: start, count: end - start) {
        case .notAFrame:
            return nil
        case .frame(let frameProtocol, let length) where length <= end - start:
            guard deliver(frameProtocol, at: start, length: length, binary) else { return nil }
            isInGarbageRun = false
            return start + length
        case .frame, .needsMore:
            binaryCarry.update(from: start, count: end - start)
            binaryCarried = end - start
            state = .binary
            return end
        }
    }

    /// Goes on with the carried binary frame: copies bytes until its length is known and then
    /// until it is whole, and delivers it; a frame that turns out not to be one, or whose
    /// checksum fails, is framed again from its second byte.
    private mutating func continueCarriedFrame(
        at start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
        _ body: (Result<NMEASentence, NMEAError>) -> Void, _ binary: (BinaryFrame) -> Void
    ) -> UnsafePointer<UInt8> {
        var position = start
        while position < end {
            switch BinaryFrameScanner.extent(at: binaryCarry, count: binaryCarried) {
            case .notAFrame:
                rescanCarriedFrame(body, binary)
                return position
            case .needsMore:
                binaryCarry[binaryCarried] = position.pointee
                binaryCarried += 1
                position += 1
            case .frame(let frameProtocol, let length):
                let copied = min(length - binaryCarried, end - position)
                (binaryCarry + binaryCarried).update(from: position, count: copied)
                binaryCarried += copied
                position += copied
                guard binaryCarried == length else { return end }
                if deliver(frameProtocol, at: binaryCarry, length: length, binary) {
                    isInGarbageRun = false
                    binaryCarried = 0
                    state = .lineStart
                } else {
                    rescanCarriedFrame(body, binary)
                }
                return position
            }
        }
        return end
    }

    /// Frames the carried frame's bytes again after its first, which is garbage.
    private mutating func rescanCarriedFrame(
        _ body: (Result<NMEASentence, NMEAError>) -> Void, _ binary: (BinaryFrame) -> Void
    ) {
        let count = binaryCarried - 1
        rescan.update(from: binaryCarry + 1, count: count)
        binaryCarried = 0
        if !isInGarbageRun { statistics.garbageRuns += 1 }
        isInGarbageRun = true
        statistics.garbageBytes += 1
        state = .garbage
        // A frame carried from here begins after this frame's first byte, so it can end only
        // past these bytes: no carried frame fails while they are framed.
        frame(from: rescan, to: rescan + count, body, binary)
    }

    /// Checks and delivers the whole frame at `start`; false (counted) when its checksum fails.
    private mutating func deliver(
        _ frameProtocol: BinaryFrame.FrameProtocol, at start: UnsafePointer<UInt8>, length: Int,
        _ binary: (BinaryFrame) -> Void
    ) -> Bool {
        guard BinaryFrameScanner.hasValidChecksum(frameProtocol, at: start, length: length) else {
            statistics.recordChecksumFailure(of: frameProtocol)
            return false
        }
        statistics.recordFrame(of: frameProtocol)
        binary(BinaryFrame(frameProtocol: frameProtocol, bytes: UnsafeRawBufferPointer(start: start, count: length)))
        return true
    }

    /// Skips to the first byte matching `stop`, which the line-start state
    /// then handles; returns `end` when there is none in this chunk.
    @inline(__always)
    private mutating func skip(
        from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, until stop: (UInt8) -> Bool
    ) -> UnsafePointer<UInt8> {
        var position = start
        while position < end {
            if stop(position.pointee) {
                state = .lineStart
                return position
            }
            position += 1
        }
        return end
    }

    /// Frames the sentence starting at `start`: delivers it when it ends within
    /// the chunk, carries it when the chunk ends first, or rejects it as too long.
    ///
    /// Transparent: `@inline(__always)` left it a call on every sentence (callgrind: 7
    /// instructions a sentence more).
    @_transparent
    private mutating func frameSentence(
        at start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
        _ body: (Result<NMEASentence, NMEAError>) -> Void
    ) -> UnsafePointer<UInt8> {
        let maximum = configuration.maximumSentenceLength
        let fits = end - start <= maximum
        let limit = fits ? end : start + maximum + 1
        let (extentEnd, xor) = SentenceScanner.scanExtent(from: start, limit: limit)
        if extentEnd < limit {
            deliver(start: start, end: extentEnd, xor: xor, body)
            // The usual CR LF is skipped here at once; the line-start loop
            // would skip it too, a byte per turn.
            // The two bytes are compared as one 16-bit word.
            if _fastPath(end - extentEnd >= 2
                && UInt16(littleEndian: UnsafeRawPointer(extentEnd).loadUnaligned(as: UInt16.self)) == 0x0A0D) {
                return extentEnd + 2
            }
            return extentEnd
        }
        if fits {
            carry.update(from: start, count: end - start)
            carried = end - start
            state = .sentence
            return end
        }
        reject(.tooLong, body)
        return limit
    }

    /// Goes on with the carried sentence: copies bytes up to its terminator,
    /// then validates the carried copy exactly as the fast path would have.
    private mutating func continueCarriedSentence(
        at start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
        _ body: (Result<NMEASentence, NMEAError>) -> Void
    ) -> UnsafePointer<UInt8> {
        let allowance = configuration.maximumSentenceLength + 1 - carried
        let limit = end - start > allowance ? start + allowance : end
        var position = start
        while position < limit && !SentenceScanner.isTerminator(position.pointee) { position += 1 }
        if position < limit || end - start < allowance {
            (carry + carried).update(from: start, count: position - start)
            carried += position - start
            guard position < limit else { return end }
            carry[carried] = position.pointee
            state = .lineStart
            deliver(from: carry, to: carry + carried + 1, body)
            carried = 0
            return position
        }
        carried = 0
        reject(.tooLong, body)
        return limit
    }

    /// Scans and delivers the carried sentence in `[start, limit)`, whose
    /// last byte is its terminator.
    private mutating func deliver(
        from start: UnsafePointer<UInt8>, to limit: UnsafePointer<UInt8>,
        _ body: (Result<NMEASentence, NMEAError>) -> Void
    ) {
        let (end, xor) = SentenceScanner.scanExtent(from: start, limit: limit)
        deliver(start: start, end: end, xor: xor, body)
    }

    /// Validates and delivers the sentence from `start` to its terminator at `end`. The usual
    /// sentence is checked first, with nothing of the rarer cases (a `$` ending it, a doubled
    /// `$$`) computed for it; so small a usual path is inlined into the framing loop, where the
    /// whole step was a call (callgrind: 32 instructions a sentence fewer).
    @inline(__always)
    private mutating func deliver(
        start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, xor: UInt8,
        _ body: (Result<NMEASentence, NMEAError>) -> Void
    ) {
        if let sentence = SentenceScanner.usualSentence(start: start, end: end, xor: xor) {
            let result = Result<NMEASentence, NMEAError>.success(sentence)
            statistics.record(result)
            body(result)
            return
        }
        let interrupted = end.pointee == UInt8(ascii: "$")
        // A `$` right after the start is a doubled `$$` prefix, not a sentence.
        if interrupted && end - start == 1 { return }
        let result = SentenceScanner.validateUnusual(
            start: start, end: end, xor: xor, interrupted: interrupted,
            acceptsMissingChecksum: configuration.acceptsMissingChecksum)
        statistics.record(result)
        body(result)
    }

    private mutating func reject(_ error: NMEAError, _ body: (Result<NMEASentence, NMEAError>) -> Void) {
        state = .overlong
        let result = Result<NMEASentence, NMEAError>.failure(error)
        statistics.record(result)
        body(result)
    }
}

// Safe because the framer is non-copyable: whoever holds it is the only one
// who can reach its carry buffer, so moving it to another task moves that
// sole access with it.
extension NMEAFramer: @unchecked Sendable {}
