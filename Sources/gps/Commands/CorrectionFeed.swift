import GPSReader
import LocationTracking
import Locking
import NTRIP

/// `--ntrip URL`: an `NTRIPClient` feeding the command's receiver through a `ReceiverLink`,
/// its events said as state lines on standard error (above the panel, on a terminal).
///
/// A command that holds a receiver runs inside `CorrectionFeed.$current.withValue(feed)`: each
/// place that opens the receiver gives its `DeviceConnection` the feed's link and adds its
/// `positionSinks` to the run, so the client sends the receiver's own fix as GGA.
final class CorrectionFeed: Sendable {
    /// The feed of the command running, if it was given `--ntrip`.
    @TaskLocal static var current: CorrectionFeed?

    /// The way to the receiver: give it to the `DeviceConnection` that reads it.
    let link = ReceiverLink()
    let client: NTRIPClient
    private let task = LockedState<Task<Void, Never>?>(nil)
    /// Where state lines go; standard error unless a panel takes them.
    let say = Speaker()

    /// The closure state lines are said through, replaced by a panel that shows them above itself.
    final class Speaker: Sendable {
        private let output = LockedState<@Sendable (String) -> Void>({ printError($0) })

        func callAsFunction(_ line: String) { output.withLock { $0 }(line) }

        func send(to output: @escaping @Sendable (String) -> Void) { self.output.withLock { $0 = output } }
    }

    /// - Parameter ggaInterval: How often the receiver's fix goes upstream as a GGA; `nil`: never.
    init(_ url: NTRIPURL, ggaInterval: Duration?) {
        let say = say
        client = NTRIPClient(NTRIPClient.Configuration(url: url, ggaInterval: ggaInterval), link: link) { event in
            say(Self.line(for: event, url: url))
        }
    }

    /// The sinks a run of the receiver adds for the feed of the command running: none without `--ntrip`.
    static var positionSinks: [any ReceiverSink] { current.map { [NTRIPPositionSink($0.client)] } ?? [] }

    /// Connects and feeds the receiver until `stop()`.
    func start() {
        let client = client
        task.withLock { $0 = Task { await client.run() } }
    }

    /// Stops feeding; returns once the connection is closed.
    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }

    /// The state line for `event`.
    static func line(for event: NTRIPEvent, url: NTRIPURL) -> String {
        switch event {
        case .connected(_, let version):
            "gps: corrections from \(url) (NTRIP \(version == .one ? "1.0" : "2.0"))"
        case .outage(let error):
            "gps: no corrections from \(url): \(error)"
        case .dropping(let limit):
            "gps: corrections come faster than the receiver takes them: dropping the oldest beyond \(limit) bytes, counted"
        case .receiverNotTaking(let reason):
            "gps: corrections not written to the receiver: \(reason)"
        }
    }
}
