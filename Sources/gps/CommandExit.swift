import Foundation

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
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Ends the process with status 0 on Ctrl-C (SIGINT) or SIGTERM, after `cleanUp`.
///
/// Built outside any actor: a dispatch source's handler must not inherit main-actor isolation
/// (it runs on its own queue).
nonisolated func exitCleanlyOnInterrupt(cleanUp: @escaping @Sendable () -> Void = {}) {
    for signalNumber in [SIGINT, SIGTERM] {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler { @Sendable in
            cleanUp()
            exit(0)
        }
        source.resume()
        InterruptSources.keep(source)
    }
}

/// Keeps the signal sources alive for the life of the process.
private enum InterruptSources {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let lock = NSLock()

    static func keep(_ source: any DispatchSourceSignal) {
        lock.withLock { sources.append(source) }
    }
}
