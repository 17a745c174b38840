import LocationTracking

/// A source that opens a link (a device session, a connection), reads it until it breaks, and
/// opens it again once something changed (`waitForChange(upTo:)`) or after `recheckInterval`,
/// until its task is cancelled or a failure ends it for good (`EventOutbox.end(with:)`): what `DeviceConnection`
/// and `GPSDSource` share. `ReopeningReader` is the one loop both run.
package protocol ReopeningSource: ReceiverSource {
    /// What one successful open gives, released (closed) when the reader lets it go.
    associatedtype Link: AnyObject

    /// The wait between attempts.
    var recheckInterval: Duration { get }

    /// Tries once to open; `nil` when it could not, with what happened said in `events`.
    func open(_ events: inout EventOutbox, isolation actor: isolated (any Actor)?) async -> Link?

    /// Reads `link` once (a chunk, a quiet line) into `events`.
    func read(_ link: Link, _ events: inout EventOutbox, isolation actor: isolated (any Actor)?) async -> LinkReading
}

/// What a read of a link left.
package enum LinkReading {
    /// The link goes on.
    case goOn
    /// The link is over (broken, unplugged, at the wrong speed): open it again.
    case reopen
    /// The run is over (the task was cancelled).
    case stop
}

/// The events a reopening source has to say, with each outage said once: a failure equal (by
/// value) to the last one since the last change is not said again.
package struct EventOutbox {
    private var queue = EventQueue()
    private var lastFailure: (any Error & Sendable)?
    private var lastAccess: AuthorizationStatus?
    /// Whether `end(with:)` ended the run.
    private(set) var hasEnded = false

    /// Nothing said yet.
    package init() {}

    /// Says `event`.
    package mutating func say(_ event: ReceiverEvent) {
        queue.append(event)
    }

    /// Says a failure, unless it is the one said last.
    package mutating func fail(_ error: any Error & Sendable) {
        guard !ReceiverEvent.isSameFailure(error, lastFailure) else { return }
        lastFailure = error
        queue.append(.failed(error))
    }

    /// Says the access answer when it changed; a new answer makes the next failure news again.
    package mutating func say(access status: AuthorizationStatus) {
        guard status != lastAccess else { return }
        lastAccess = status
        lastFailure = nil
        queue.append(.access(status))
    }

    /// Says a failure that trying again cannot help (a path that is not a serial device, a
    /// console), always, and ends the run once it is taken: nothing is opened again.
    package mutating func end(with error: any Error & Sendable) {
        lastFailure = error
        queue.append(.failed(error))
        hasEnded = true
    }

    /// The outage is over (opened, unplugged, garbled): the next failure is news again.
    package mutating func endOutage() {
        lastFailure = nil
    }

    /// The oldest event not yet taken.
    mutating func take() -> ReceiverEvent? {
        queue.take()
    }
}

/// Runs a `ReopeningSource`: its events, the link read while open, the wait between attempts.
/// The link is released, and so closed, when the run ends.
package struct ReopeningReader<Source: ReopeningSource>: ReceiverEventReader {
    private let source: Source
    private var events = EventOutbox()
    private var link: Source.Link?
    private var isFirstAttempt = true

    /// A run of `source`; nothing is opened until the first `next`.
    package init(_ source: Source) {
        self.source = source
    }

    package mutating func next(isolation actor: isolated (any Actor)?) async -> ReceiverEvent? {
        while true {
            if let event = events.take() { return event }
            guard !Task.isCancelled, !events.hasEnded else { return end() }
            if let link {
                switch await source.read(link, &events, isolation: actor) {
                case .goOn: continue
                case .reopen: self.link = nil
                case .stop: return end()
                }
                continue
            }
            if !isFirstAttempt {
                guard await source.waitForChange(upTo: source.recheckInterval) else { return end() }
            }
            isFirstAttempt = false
            link = await source.open(&events, isolation: actor)
        }
    }

    private mutating func end() -> ReceiverEvent? {
        link = nil
        return nil
    }
}
