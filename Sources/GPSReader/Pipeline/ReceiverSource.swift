import LocationTracking

/// Where a receiver's NMEA comes from: a device, a capture or a gpsd. The pipeline's sources are
/// interchangeable: each gives the same `ReceiverEvent`s, decoded by an `EpochStream`, so every
/// output (the tracking flow, gpsd's JSON, a server, a recorder) works with each.
public protocol ReceiverSource: Sendable {
    /// What reports name: a device path, a capture's path, a gpsd's URL.
    var name: String { get }

    /// One run of reading, from opening the source to its end (a capture's last byte) or the
    /// iterating task's cancellation.
    func events() -> ReceiverEvents

    /// Asks once whether the source may be read, without reading it: a device is opened and
    /// closed, a gpsd connected to. Sources that need no permission answer `.granted`.
    func checkAccess() async -> AccessAnswer

    /// The authorization before anything is asked: `.notDetermined` where `checkAccess()`
    /// must answer first, `.authorizedWhenInUse` where nothing needs asking (a capture).
    var initialAuthorization: AuthorizationStatus { get }

    /// Waits before the source is tried again after it could not be opened or read: until
    /// something changed that may let it (a device plugged in, its permissions changed), or
    /// `interval` at the latest. False when the task was cancelled. The default waits
    /// `interval`.
    func waitForChange(upTo interval: Duration) async -> Bool

    /// Whether reading waits for descriptors on the `EventLoop` (a device, a socket): a task
    /// that reads it then prefers the loop's executor, so bytes resume their reader on the
    /// thread that saw them. A capture, which only reads a file, runs anywhere.
    var waitsOnEventLoop: Bool { get }

    /// Runs one pass of the source's events through `sink`, in order, until the run ends, the
    /// sink wants no more, or the task is cancelled; then finishes the sink. The default pulls
    /// `events()`; a source may hand the same events on more directly.
    ///
    /// - Parameters:
    ///   - sink: The output; for several, `ReceiverSinks`.
    ///   - actor: Where it runs; by default the caller's isolation.
    func run(into sink: inout some ReceiverSink, isolation actor: isolated (any Actor)?) async
}

extension ReceiverSource {
    /// Needs no permission.
    public func checkAccess() async -> AccessAnswer { .granted }

    /// Needs no permission: `.authorizedWhenInUse`.
    public var initialAuthorization: AuthorizationStatus { .authorizedWhenInUse }

    /// Waits for no descriptor on the loop.
    public var waitsOnEventLoop: Bool { false }

    /// Waits `interval`: nothing tells of a change.
    public func waitForChange(upTo interval: Duration) async -> Bool {
        (try? await Task.sleep(for: interval)) != nil
    }
}
