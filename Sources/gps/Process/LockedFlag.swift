import Locking

/// A flag one thread raises and others read.
final class LockedFlag: Sendable {
    private let state = LockedState(false)

    /// Raises the flag; it stays raised.
    func raise() { state.withLock { $0 = true } }

    /// Whether it was raised.
    var isRaised: Bool { state.withLock { $0 } }
}
