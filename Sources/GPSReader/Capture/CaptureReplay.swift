import LocationTracking

/// A recorded capture as a `ReceiverSource`: its bytes and epochs at a pace, once, from its
/// start to its end.
///
/// The file is read 64 KiB at a time when the events already decoded have been taken, so
/// memory stays bounded whatever the capture's size and however slow the consumer. A file,
/// standard input (`/dev/stdin`), a FIFO and a character device are read alike. A file that
/// cannot be opened ends the run with `.failed(GPSReaderError.captureUnreadable)`; one that
/// shrinks while being read (log rotation) with `.failed(.captureTruncated)`; one whose first
/// `frameSearchLimit` bytes hold no valid frame (`/dev/zero`, `/dev/urandom`) with
/// `.failed(.captureWithoutFrames)`, rather than being read forever.
public struct CaptureReplay: ReceiverSource {
    /// The bytes a capture may begin with before its first valid frame (an NMEA sentence, a UBX
    /// or RTCM 3 frame): 16 MiB, far beyond any receiver's start-up noise or a file's header,
    /// and read in well under a second.
    public static let frameSearchLimit = 16 << 20

    /// The capture.
    public let capture: Capture
    /// How fast its epochs come.
    public let pace: ReplayPace
    /// The clock a pace is kept on: a `ContinuousClock` unless a test drives one of its own.
    public let clock: any Clock<Duration>

    /// A replay of `capture` at `pace`; `.asFastAsPossible` by default.
    ///
    /// - Parameters:
    ///   - capture: The file or bytes.
    ///   - pace: How fast its epochs come.
    ///   - clock: What a pace waits on; a `ContinuousClock` by default. A test gives a clock it
    ///     advances itself, so a paced replay costs no real time.
    public init(
        _ capture: Capture, pace: ReplayPace = .asFastAsPossible,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.capture = capture
        self.pace = pace
        self.clock = clock
    }

    /// The capture's path, or "the capture" for bytes in memory.
    public var name: String {
        if case .file(let path) = capture { path } else { "the capture" }
    }

    /// One pass over the capture, from its start.
    public func events() -> ReceiverEvents {
        let capture = capture, pace = pace, name = name, clock = clock
        return ReceiverEvents { Reader(capture: capture, pace: pace, clock: clock, name: name) }
    }

    /// Plays the capture into `sink`. As fast as possible, the events of each 64 KiB chunk go
    /// straight to the sink as the chunk is decoded: the same events, in the same order, with
    /// no step per event between them (the JSON of a 50 MB log at nearly the parser's speed);
    /// at a pace, through `events()`.
    public func run(into sink: inout some ReceiverSink, isolation actor: isolated (any Actor)? = #isolation) async {
        guard pace == .asFastAsPossible else { return await pullEvents(into: &sink, isolation: actor) }
        let decoding = CaptureDecoding(capture, name: name, splittingLines: false)
        var step = CaptureDecoding.Step.piece
        while step == .piece, sink.wantsMoreEvents, !Task.isCancelled {
            step = await decoding.step(isolation: actor) { event in
                if sink.wantsMoreEvents { sink.receive(event) }
            }
        }
        sink.finish()
    }

    private struct Reader: ReceiverEventReader {
        private let decoding: CaptureDecoding
        private var pacer: ReplayPacer
        private var pending = EventQueue()
        private var isFinished = false

        init(capture: Capture, pace: ReplayPace, clock: any Clock<Duration>, name: String) {
            // At a pace the bytes go out a line at a time, each before the epoch it completes.
            decoding = CaptureDecoding(capture, name: name, splittingLines: pace != .asFastAsPossible)
            pacer = ReplayPacer(pace: pace, clock: clock)
        }

        mutating func next(isolation actor: isolated (any Actor)?) async -> ReceiverEvent? {
            while true {
                if let event = pending.take() {
                    if case .epoch(let epoch) = event {
                        guard await pacer.waitBefore(epoch) else { return nil }
                    }
                    return event
                }
                guard !isFinished, !Task.isCancelled else { return nil }
                var said = EventQueue()
                let step = await decoding.step(isolation: actor) { said.append($0) }
                pending = said  // it was empty: every event was taken
                switch step {
                case .ended: isFinished = true
                case .piece: guard await pacer.waitAfterLine() else { return nil }
                }
            }
        }
    }
}
