/// Decodes HTTP/1.1's chunked transfer coding (RFC 9112 §7.1) as bytes arrive: NTRIP 2.0's body.
///
/// Each chunk is a hexadecimal size, optional `;extensions` (ignored), CR LF, the data and
/// CR LF; a chunk of size 0 ends the body, followed by optional trailer lines and a blank line.
/// Chunks and their size lines may be split across reads anywhere.
///
/// ```swift
/// var decoder = ChunkedDecoder()
/// try decoder.decode(received[...]) { data in framer.append(data) }
/// if decoder.isFinished { /* the caster ended the stream */ }
/// ```
public struct ChunkedDecoder: Sendable {
    /// The longest size line (digits and extensions) accepted: 1 KiB.
    public static let maximumSizeLine = 1024

    private enum State: Sendable {
        case size, sizeLineEnd, data, dataCR, dataLF, trailer, trailerLine, finished
    }

    private var state = State.size
    private var size = 0
    private var remaining = 0
    private var sizeDigits = 0
    private var lineLength = 0
    private var inExtension = false

    /// A decoder at the start of a body.
    public init() {}

    /// Whether the zero chunk and the trailer's blank line have come: the body is over.
    public var isFinished: Bool { state == .finished }

    /// Decodes `bytes`, handing each run of data to `body` in order; bytes after the end of the
    /// body are ignored.
    ///
    /// - Throws: `NTRIPError.malformedChunk` for a size line that is not hexadecimal, too long
    ///   or too large, or a chunk not followed by CR LF.
    public mutating func decode(_ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) throws(NTRIPError) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch state {
            case .size:
                lineLength += 1
                guard lineLength <= Self.maximumSizeLine else { throw .malformedChunk }
                if byte == 0x0D {
                    state = .sizeLineEnd
                } else if byte == 0x0A {
                    try endSizeLine()
                } else if inExtension {
                    break
                } else if byte == UInt8(ascii: ";") {
                    inExtension = true
                } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    break
                } else if let digit = Self.hexValue(byte) {
                    // 16 MiB is far beyond any caster's chunk: a larger size is not NTRIP.
                    guard size <= 0xF_FFFF else { throw .malformedChunk }
                    size = size << 4 | digit
                    sizeDigits += 1
                } else {
                    throw .malformedChunk
                }
            case .sizeLineEnd:
                guard byte == 0x0A else { throw .malformedChunk }
                try endSizeLine()
            case .data:
                let count = min(remaining, bytes.endIndex - index)
                body(bytes[index..<index + count])
                remaining -= count
                index += count
                if remaining == 0 { state = .dataCR }
                continue
            case .dataCR:
                if byte == 0x0A {
                    state = .size
                } else {
                    guard byte == 0x0D else { throw .malformedChunk }
                    state = .dataLF
                }
            case .dataLF:
                guard byte == 0x0A else { throw .malformedChunk }
                state = .size
            case .trailer, .trailerLine:
                // Trailer fields are ignored; an empty line ends them.
                if byte == 0x0A {
                    if state == .trailer { state = .finished } else { state = .trailer }
                } else if byte != 0x0D {
                    state = .trailerLine
                }
            case .finished:
                return
            }
            index += 1
        }
    }

    private mutating func endSizeLine() throws(NTRIPError) {
        guard sizeDigits > 0 else { throw .malformedChunk }
        remaining = size
        state = size == 0 ? .trailer : .data
        size = 0
        sizeDigits = 0
        lineLength = 0
        inExtension = false
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
