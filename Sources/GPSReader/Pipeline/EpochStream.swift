import GNSS
import LocationTracking
import NMEA
import SerialPort
import UBX

/// Bytes in, epochs out: the one place where `NMEAFramer` meets `FixAssembler`.
///
/// Feed it a receiver's bytes in chunks of any size; it frames the sentences, assembles them
/// into epochs and hands each completed `EpochReport` on, in order. The line going quiet after
/// a burst ends the epoch in progress (`endEpoch(_:)`), and `finish(_:)` ends the stream.
/// Every source of the pipeline (a device, a capture, a gpsd) decodes through one of these, so
/// a fix is the same fix whichever way its bytes came.
///
/// A class, so that the framer's callback can feed the assembler without copying either; one
/// owner uses it at a time.
///
/// ```swift
/// let stream = EpochStream()
/// stream.append(chunk) { epoch in use(epoch.location) }
/// stream.finish { epoch in use(epoch.location) }
/// ```
///
/// - Complexity: O(*n*) in the bytes appended; no heap allocation per sentence or epoch once
///   the satellite buffers have grown to the receiver's sky.
public final class EpochStream {
    private var framer = NMEAFramer()
    private var assembler = FixAssembler()
    /// When the bursts of stamped chunks began, and which epoch carries which.
    private var bursts = BurstStamps()
    /// Where the frames of the chunk being said lie (`say(_:arrivalTime:_:)`).
    private var frames = FrameCollector()

    /// The silence between two stamped chunks, in seconds, that makes the second the start of a
    /// new burst: far longer than a USB-serial bridge's latency inside a burst (16 ms at most),
    /// shorter than the gap between the bursts of a receiver at up to 10 Hz and 38400 bit/s.
    public static let burstGap = 0.05

    /// A stream with nothing seen yet.
    public init() {}

    /// What the framer has seen: sentences, rejected lines, bytes.
    public var framing: NMEAFramer.Statistics { framer.statistics }

    /// What the assembler has decoded, rejected and reported.
    public var assembly: FixAssembler.Statistics { assembler.statistics }

    /// Whether an epoch is in progress that only the line going quiet (or the stream's end)
    /// can complete: the assembler has not learned the receiver's cycle yet, or the receiver
    /// ends its epochs with a sentence that says nothing of it. A reader that waits for the
    /// quiet line only then wakes once per epoch, not twice.
    public var holdsEpoch: Bool { assembler.hasEpochInProgress }

    /// Frames and assembles `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The next bytes of the stream, of any length; a sentence split across calls
    ///     is carried, never dropped or duplicated.
    ///   - arrivalTime: When the bytes were read, if the source stamps them: a chunk that
    ///     comes `burstGap` or more after the one before starts a burst, and each epoch
    ///     reports the start of the burst its first sentence came in (`firstByteTime`). Such a
    ///     chunk that continues an open sentence came after a stall of the reader, not of the
    ///     line: the epoch whose first sentence it completes reports no `firstByteTime`. A burst's
    ///     start is its first epoch's only: an epoch that begins after another of the same burst
    ///     (a line that never goes quiet, such as 9600 bit/s filled to the brim) began at a time
    ///     not known, however old the burst, and reports none. So does the epoch after one whose
    ///     tail began the burst (a pause of `burstGap` or more inside an epoch, or a reader's
    ///     stall that ended between sentences); the tail's epoch keeps its own burst's start.
    ///   - sentence: Receives each valid sentence as it is framed (valid only during the call),
    ///     before the epochs it completes.
    ///   - frame: Receives each valid frame of any protocol as it is framed: its protocol and
    ///     bytes (valid only during the call).
    ///   - epoch: Receives each epoch the bytes complete, oldest first.
    /// - Returns: How many valid frames the bytes completed: NMEA sentences, UBX frames (whose
    ///   navigation messages make epochs too) and RTCM 3 frames, so that a receiver speaking
    ///   only binary is not taken for one read at the wrong speed.
    @discardableResult
    public func append(
        _ bytes: UnsafeRawBufferPointer, arrivalTime: SystemTime? = nil,
        sentence: (borrowing NMEASentence) -> Void = { _ in },
        frame: (ReceivedFrames.Kind, UnsafeRawBufferPointer) -> Void = { _, _ in }, epoch: (EpochReport) -> Void
    ) -> Int {
        if let arrivalTime { bursts.noteArrival(arrivalTime, insideSentence: framer.hasOpenSentence) }
        var count = 0
        // The closures reach the stream's parts as variables, not through `self`: capturing
        // the class, they would retain and release it at every sentence.
        withParts { framer, assembler, bursts in
            framer.append(bytes, binary: { binary in
                count += 1
                frame(binary.frameProtocol == .ubx ? .ubx : .rtcm3, binary.bytes)
                guard let messageClass = binary.ubxClass, let id = binary.ubxID else { return }
                let message = UBXMessage(id: UBXMessageID(messageClass, id), payload: binary.payload)
                var reported = bursts.beginAssembling(hasEpochInProgress: assembler.hasEpochInProgress)
                assembler.consume(message) { bursts.say($0, reported: &reported, to: epoch) }
                bursts.endAssembling(hasEpochInProgress: assembler.hasEpochInProgress, reported: reported)
            }) { result in
                guard case .success(let framed) = result else { return }
                count += 1
                sentence(framed)
                frame(.nmea, framed.bytes)
                var reported = bursts.beginAssembling(hasEpochInProgress: assembler.hasEpochInProgress)
                assembler.consume(framed) { bursts.say($0, reported: &reported, to: epoch) }
                bursts.endAssembling(hasEpochInProgress: assembler.hasEpochInProgress, reported: reported)
            }
        }
        return count
    }

    /// Frames and assembles `chunk` as `append` does, saying what it gives as it goes:
    /// `.bytes(chunk)` first, then before each epoch the chunk completes, `.frames` with the
    /// frames that came before it, the epoch, and last `.frames` with the frames after the last
    /// epoch. How every source hands its bytes to the pipeline: framed once, in one pass, each
    /// epoch said as soon as it is complete (so its satellites' storage is free again for the
    /// next epoch once the sink is done with it).
    ///
    /// - Returns: How many valid frames the chunk completed.
    @discardableResult
    package func say(_ chunk: [UInt8], arrivalTime: SystemTime? = nil, _ say: (ReceiverEvent) -> Void) -> Int {
        say(.bytes(chunk))
        // The frames are collected in a local for the chunk: a closure's every access to a
        // property of the class would be checked at run time (`swift_beginAccess`, a frame's).
        var frames = FrameCollector()
        swap(&frames, &self.frames)
        defer { swap(&frames, &self.frames) }
        let count = chunk.withUnsafeBytes { bytes in
            append(bytes, arrivalTime: arrivalTime, frame: { kind, frame in frames.add(kind, frame, in: bytes) }) { epoch in
                if let completed = frames.take(chunk) { say(.frames(completed)) }
                say(.epoch(epoch))
            }
        }
        if let completed = frames.take(chunk) { say(.frames(completed)) }
        return count
    }

    /// Frames and assembles `bytes`; see `append(_:sentence:epoch:)`.
    @discardableResult
    public func append(_ bytes: [UInt8], arrivalTime: SystemTime? = nil, epoch: (EpochReport) -> Void) -> Int {
        bytes.withUnsafeBytes { append($0, arrivalTime: arrivalTime, epoch: epoch) }
    }

    /// Ends the epoch in progress because the line went quiet after a burst
    /// (`FixAssembler.endEpoch(_:)`): `epoch` receives it now, if it had a time, rather than
    /// when the receiver's next burst comes.
    public func endEpoch(_ epoch: (EpochReport) -> Void) {
        assembler.endEpoch { bursts.say($0, to: epoch) }
    }

    /// Ends the stream: a last sentence without its line end, then the epoch in progress. The
    /// stream is then ready for another; the known date is kept.
    public func finish(_ epoch: (EpochReport) -> Void) {
        withParts { framer, assembler, bursts in
            framer.finish { result in
                guard case .success(let framed) = result else { return }
                assembler.consume(framed) { bursts.say($0, to: epoch) }
            }
            assembler.finish { bursts.say($0, to: epoch) }
        }
    }

    /// Hands `body` the framer, the assembler and the burst stamps as variables, each accessed
    /// once for the whole call: the framer's callback then reaches the others with no dynamic
    /// exclusivity check per sentence, as it would through the class's properties, and without
    /// retaining the class.
    private func withParts(_ body: (inout NMEAFramer, inout FixAssembler, inout BurstStamps) -> Void) {
        body(&framer, &assembler, &bursts)
    }
}
