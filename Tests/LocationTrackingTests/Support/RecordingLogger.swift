import LocationTracking
import Locking

/// A logger that keeps every message, for tests that assert on what was logged.
final class RecordingLogger: LocationLogger {
    struct Entry: Equatable, Sendable {
        let level: LogLevel
        let message: String
    }

    private let recorded = LockedState<[Entry]>([])

    /// Every message so far, in order.
    var entries: [Entry] { recorded.withLock { $0 } }

    func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        let entry = Entry(level: level, message: message())
        recorded.withLock { $0.append(entry) }
    }
}
