import Locking

/// Collects the lines a server logs, from any thread.
final class LogRecorder: Sendable {
    private let lines = LockedState<[String]>([])

    /// The function to give the server as its `log`.
    var record: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }

    /// Whether some line contains `text`.
    func contains(_ text: String) -> Bool {
        lines.withLock { $0.contains { $0.contains(text) } }
    }
}
