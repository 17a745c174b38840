import Fleet
import GPSCommandLine
import Locking
import MQTT
import POSIXSupport

/// What `gps publish` says on standard error about its broker: the first connection, each
/// outage once with what to do, the broker's return, the first drop of a full queue.
final class PublisherLines: Sendable {
    private struct State {
        var connections = 0
        var hasRefused = false
        var onRefusal: (@Sendable () -> Void)?
    }

    private let url: String
    private let settings: PublishSettings
    private let state = LockedState(State())

    init(url: String, settings: PublishSettings) {
        self.url = url
        self.settings = settings
    }

    /// Whether the broker refused the first connection for good (credentials, client id).
    var hasRefused: Bool { state.withLock { $0.hasRefused } }

    /// Runs `action` when the broker refuses the first connection for good.
    func onRefusal(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            state.onRefusal = action
            return state.hasRefused
        }
        if now { action() }
    }

    func say(_ event: PublisherEvent) {
        switch event {
        case .connected(_, let queued):
            let first = state.withLock { state in
                state.connections += 1
                return state.connections == 1
            }
            if first {
                printError("gps: publishing to \(url)" + (queued > 0 ? ", \(queued) fixes waiting" : "") + "; Ctrl-C to stop")
            } else {
                printError("gps: the broker is back: sending \(queued) queued fixes in order")
            }
        case .outage(let error):
            let action = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.connections == 0, !error.isTransient else { return nil }
                state.hasRefused = true
                return state.onRefusal ?? {}
            }
            if let action {
                printError("gps: \(error)")
                action()
                return
            }
            printError("gps: \(error); fixes queue meanwhile (up to \(settings.queueCapacity)"
                + (settings.spoolDirectory.map { ", also in \($0)" } ?? "") + ")")
        case .dropping(let capacity):
            printError("gps: the queue is full (\(capacity) fixes): dropping the oldest, counted; "
                + "raise --queue, or give --spool DIR with room for more")
        case .droppedFromSpool(let dropped, let capacity):
            printError("gps: the spool\(settings.spoolDirectory.map { " in \($0)" } ?? "") held more than --queue \(capacity) fixes: "
                + "dropped the oldest \(dropped), counted; raise --queue to keep more")
        case .rejectedFromSpool(let directory, let count):
            printError("gps: the spool in \(directory) held \(count) damaged, old-format or oversized files (cut off by a crash?): "
                + "deleted them unsent")
        case .leftInSpool(let directory, let entries):
            let shown = entries.prefix(5).map(\.description).joined(separator: ", ")
            printError("gps: left alone in the spool in \(directory), as not this topic's queue: "
                + shown + (entries.count > 5 ? " and \(entries.count - 5) more" : ""))
        case .spoolFailing(let directory):
            printError("gps: cannot write the spool in \(directory) (a full disk?): fixes are queued in memory only")
        }
    }

    /// "published 90 fixes (3 resent after a reconnect, 0 dropped, 0 still queued)"; with a spool,
    /// "published 180 fixes (90 from the spool, 0 resent after a reconnect, …)".
    static func summary(_ statistics: PublisherStatistics, spool: FilePath?) -> String {
        "published \(statistics.delivered) fixes (" + (spool == nil ? "" : "\(statistics.restored) from the spool, ")
            + "\(statistics.resent) resent after a reconnect, \(statistics.dropped) dropped, "
            + "\(statistics.waiting) still queued" + (statistics.waiting > 0 ? (spool.map { " in \($0)" } ?? ", lost") : "") + ")"
    }
}
