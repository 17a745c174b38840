/// Frames of one chunk of a receiver's bytes, in order, each checksum valid: those the chunk
/// completed before an epoch, or after its last (`.frames`). NMEA
/// sentences (`$` through the checksum, without the line end), UBX and RTCM 3 frames. The
/// pipeline's one framer found them (`EpochStream`), so an output that wants frames, such as a
/// relay, never frames again.
///
/// The frames share the chunk's storage; one that began in an earlier chunk is kept whole in
/// storage of its own. Iterating allocates nothing.
public struct ReceivedFrames: Sequence, Sendable {
    /// A frame's protocol.
    public enum Kind: Hashable, Sendable {
        /// An NMEA 0183 sentence.
        case nmea
        /// A u-blox UBX frame.
        case ubx
        /// An RTCM 3 frame.
        case rtcm3
    }

    /// One frame.
    public struct Frame: Sendable {
        /// Its protocol.
        public let kind: Kind
        /// Its bytes: a sentence from `$` through its checksum, a binary frame whole.
        public let bytes: ArraySlice<UInt8>
    }

    /// Where a frame lies: in the chunk, or in `carried`.
    struct Span: Sendable {
        var kind: Kind
        var isCarried: Bool
        var start: Int
        var count: Int
    }

    let chunk: [UInt8]
    let carried: [UInt8]
    let spans: [Span]

    /// How many frames.
    public var count: Int { spans.count }

    /// Whether any of the frames is of `kind`; quicker than walking them.
    public func contains(_ kind: Kind) -> Bool { spans.contains { $0.kind == kind } }

    /// The frames in order.
    public func makeIterator() -> Iterator { Iterator(frames: self) }

    /// Walks the frames in order.
    public struct Iterator: IteratorProtocol {
        let frames: ReceivedFrames
        var index = 0

        /// The next frame, or `nil` after the last.
        public mutating func next() -> Frame? {
            guard index < frames.spans.count else { return nil }
            let span = frames.spans[index]
            index += 1
            let storage = span.isCarried ? frames.carried : frames.chunk
            return Frame(kind: span.kind, bytes: storage[span.start..<span.start + span.count])
        }
    }
}

/// Collects where the frames of a chunk lie while the chunk is framed.
///
/// Its buffers are emptied when the next frame is noted, not when they are taken: by then a
/// sink that did not keep the frames has let them go, and the buffers are reused as they are.
struct FrameCollector {
    private var spans: [ReceivedFrames.Span] = []
    private var carried: [UInt8] = []
    /// Whether `spans` and `carried` were taken and are to be emptied before the next frame.
    private var isTaken = false

    /// Notes a frame of `kind` whose bytes are `frame`, framed from `chunk`: a frame within the
    /// chunk is noted by place, one that began before it is copied.
    mutating func add(_ kind: ReceivedFrames.Kind, _ frame: UnsafeRawBufferPointer, in chunk: UnsafeRawBufferPointer) {
        guard let frameStart = frame.baseAddress, let chunkStart = chunk.baseAddress else { return }
        if isTaken {
            isTaken = false
            spans.removeAll(keepingCapacity: true)
            carried.removeAll(keepingCapacity: true)
        }
        let offset = frameStart - chunkStart
        if offset >= 0 && offset + frame.count <= chunk.count {
            spans.append(ReceivedFrames.Span(kind: kind, isCarried: false, start: offset, count: frame.count))
        } else {
            spans.append(ReceivedFrames.Span(kind: kind, isCarried: true, start: carried.count, count: frame.count))
            carried += frame
        }
    }

    /// The frames noted since the last take, framed from `chunk`, or `nil` when there were none.
    mutating func take(_ chunk: [UInt8]) -> ReceivedFrames? {
        guard !isTaken, !spans.isEmpty else { return nil }
        isTaken = true
        return ReceivedFrames(chunk: chunk, carried: carried, spans: spans)
    }
}
