import FoundationEssentials

/// The rules of `LocationState`, apart from any clock or actor: inputs in, the state out.
///
/// Times are offsets on the manager's clock (see `FlowClock`). The machine says when a fix
/// goes stale (`lostDeadline`); the manager sleeps until then and calls `deadlinePassed(at:)`,
/// so nothing polls.
struct LocationStateMachine {
    private(set) var state = LocationState.idle
    /// The lost timeout never falls below this.
    let minimumLostTimeout: Duration
    private var lastEpochAt: Duration?
    /// The last gap between two epochs, as they arrived.
    private var epochInterval: Duration?
    private var satellitesInView: Int?
    private var lastGoodFixAt: Duration?
    /// The newest epoch's position when it was not accurate enough; `nil` after a good fix or
    /// an epoch without one.
    private var newestInaccurate: Location?

    /// What an epoch brought, as the manager judged it.
    enum Epoch {
        /// No position: no fix, or one the manager does not accept.
        case noFix
        /// A position less accurate than desired.
        case inaccurate
        /// A good fix.
        case good
    }

    init(minimumLostTimeout: Duration) {
        self.minimumLostTimeout = minimumLostTimeout
    }

    /// How long a fix stays current: 3 × the observed epoch interval, at least
    /// `minimumLostTimeout`.
    var lostTimeout: Duration {
        max(minimumLostTimeout, (epochInterval ?? .zero) * 3)
    }

    /// When the current fix goes stale; `nil` unless `.located`.
    var lostDeadline: Duration? {
        guard case .located = state, let lastGoodFixAt else { return nil }
        return lastGoodFixAt + lostTimeout
    }

    /// Tracking stopped.
    mutating func stopped() {
        state = .idle
        forgetTiming()
    }

    /// The flow acted on an authorization status.
    mutating func access(is status: AuthorizationStatus) {
        forgetTiming()
        if status.isAuthorized {
            state = .acquiring(satellitesInView: satellitesInView)
        } else {
            state = .waitingForAccess(status)
        }
    }

    /// The provider reported an epoch, which the manager judged to be `kind`.
    mutating func received(_ epoch: Location, as kind: Epoch, at now: Duration) {
        if let lastEpochAt, now > lastEpochAt { epochInterval = now - lastEpochAt }
        lastEpochAt = now
        switch kind {
        case .good:
            newestInaccurate = nil
            lastGoodFixAt = now
            state = .located(epoch)
        case .inaccurate:
            newestInaccurate = epoch
            // The last good fix stands until the timeout, as through epochs without a fix.
            if case .located = state { return }
            state = .accuracyLimited(epoch)
        case .noFix:
            newestInaccurate = nil
            switch state {
            case .located, .lost: break  // stale only once the timeout says so
            default: state = .acquiring(satellitesInView: satellitesInView)
            }
        }
    }

    /// The provider reported how many satellites are in view.
    mutating func satellites(inView count: Int) {
        satellitesInView = count
        switch state {
        case .acquiring, .failed: state = .acquiring(satellitesInView: count)
        default: break
        }
    }

    /// The provider failed; it keeps trying, and its next epoch moves on.
    mutating func failed(_ error: any Error) {
        if case .idle = state { return }
        forgetTiming()
        satellitesInView = nil
        state = .failed(error)
    }

    /// The manager's clock reached `lostDeadline`.
    mutating func deadlinePassed(at now: Duration) {
        guard let deadline = lostDeadline, now >= deadline, let lastGoodFixAt, case .located(let last) = state
        else { return }
        // A fix without the receiver's time is dated by when it arrived.
        let age = now - lastGoodFixAt
        let received = Date.now.addingTimeInterval(-age.inSeconds)
        // Positions still come, only not good enough: that is not a lost fix.
        state = newestInaccurate.map(LocationState.accuracyLimited) ?? .lost(last: last, since: last.timestamp ?? received)
    }

    /// An interval measured across an outage or a pause says nothing about the receiver.
    private mutating func forgetTiming() {
        lastEpochAt = nil
        lastGoodFixAt = nil
        newestInaccurate = nil
    }
}
