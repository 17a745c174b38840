import LocationTracking
import NMEA

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
    ///   - sentence: When given, receives each valid sentence as it is framed (valid only
    ///     during the call), before the epochs it completes.
    ///   - epoch: Receives each epoch the bytes complete, oldest first.
    /// - Returns: How many valid sentences the bytes completed.
    @discardableResult
    public func append(
        _ bytes: UnsafeRawBufferPointer, sentence: ((borrowing NMEASentence) -> Void)? = nil,
        epoch: (EpochReport) -> Void
    ) -> Int {
        var count = 0
        withParts { framer, assembler in
            framer.append(bytes) { result in
                guard case .success(let framed) = result else { return }
                count += 1
                sentence?(framed)
                assembler.consume(framed, epoch)
            }
        }
        return count
    }

    /// Frames and assembles `bytes`; see `append(_:sentence:epoch:)`.
    @discardableResult
    public func append(_ bytes: [UInt8], epoch: (EpochReport) -> Void) -> Int {
        bytes.withUnsafeBytes { append($0, epoch: epoch) }
    }

    /// Ends the epoch in progress because the line went quiet after a burst
    /// (`FixAssembler.endEpoch(_:)`): `epoch` receives it now, if it had a time, rather than
    /// when the receiver's next burst comes.
    public func endEpoch(_ epoch: (EpochReport) -> Void) {
        assembler.endEpoch(epoch)
    }

    /// Ends the stream: a last sentence without its line end, then the epoch in progress. The
    /// stream is then ready for another; the known date is kept.
    public func finish(_ epoch: (EpochReport) -> Void) {
        withParts { framer, assembler in
            framer.finish { result in
                guard case .success(let framed) = result else { return }
                assembler.consume(framed, epoch)
            }
            assembler.finish(epoch)
        }
    }

    /// Hands `body` the framer and the assembler as two variables, each accessed once for the
    /// whole call: the framer's callback then reaches the assembler with no dynamic
    /// exclusivity check per sentence, as it would through the class's property.
    private func withParts(_ body: (inout NMEAFramer, inout FixAssembler) -> Void) {
        body(&framer, &assembler)
    }
}
