import FoundationEssentials
import Glibc

/// The command's outcome, awaited by `main` and given once by whoever knows it first.
@MainActor
final class CommandExit {
    /// The exit statuses `gps --help` documents.
    enum Status: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
        case accessBlocked = 3
    }

    private var status: Status?
    private var waiter: CheckedContinuation<Status, Never>?

    /// Records the outcome; later calls are ignored.
    func finish(_ status: Status) {
        guard self.status == nil else { return }
        self.status = status
        waiter?.resume(returning: status)
        waiter = nil
    }

    /// Waits for the outcome.
    func status() async -> Status {
        if let status { return status }
        return await withCheckedContinuation { waiter = $0 }
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    StandardOutput.write(message + "\n", to: STDERR_FILENO)
}
