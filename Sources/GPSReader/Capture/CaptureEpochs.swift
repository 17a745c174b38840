import FoundationEssentials
import LocationTracking

/// Every epoch of a capture, in order, pulled (the epochs of a `CaptureReplay`): the lossless path for consumers that must see
/// each one (recording, `gps replay`), where `AppLocationManager` gives a screen only the newest.
///
/// The consumer's `next()` drives reading: the file is read 64 KiB at a time when the epochs
/// already decoded have been taken, so memory stays bounded by construction whatever the
/// capture's size and however slow the consumer. Epochs come as `FixAssembler` reports them,
/// one `EpochReport` per epoch with a time, with a fix or not (filter with
/// `Location.isValidFix`), each when `pace` says.
///
/// ```swift
/// for try await epoch in CaptureEpochs(.file("drive.nmea")) {
///     if let fix = epoch.location, fix.isValidFix { print(fix.coordinate) }
/// }
/// ```
public struct CaptureEpochs: AsyncSequence, Sendable {
    /// The capture.
    public let capture: Capture
    /// How fast epochs come: `.asFastAsPossible` (the default) as fast as the consumer pulls.
    public let pace: ReplayPace

    /// The epochs of `capture`, played at `pace`.
    public init(_ capture: Capture, pace: ReplayPace = .asFastAsPossible) {
        self.capture = capture
        self.pace = pace
    }

    /// A new pass over the capture from its start.
    public func makeAsyncIterator() -> Iterator {
        Iterator(capture: capture, pace: pace)
    }

    /// One pass over the capture.
    public struct Iterator: AsyncIteratorProtocol {
        private var events: ReceiverEvents.Iterator

        init(capture: Capture, pace: ReplayPace) {
            events = CaptureReplay(capture, pace: pace).events().makeAsyncIterator()
        }

        /// The next epoch, when the pace says; `nil` at the end of the capture or when the task
        /// is cancelled. Runs on the caller's actor: pulling an epoch costs no hop between
        /// executors.
        ///
        /// - Parameter actor: The caller's actor, by default its own isolation.
        /// - Throws: `GPSReaderError.captureUnreadable` when the file cannot be opened or read,
        ///   `.captureTruncated` when it shrank while being read; the epochs before the failure
        ///   have been returned.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(GPSReaderError) -> EpochReport? {
            while let event = await events.next(isolation: actor) {
                switch event {
                case .epoch(let epoch): return epoch
                case .failed(let error as GPSReaderError): throw error
                default: continue
                }
            }
            return nil
        }

        /// The next epoch; see `next(isolation:)`.
        public mutating func next() async throws(GPSReaderError) -> EpochReport? {
            try await next(isolation: nil)
        }
    }
}
