import LocationTracking

/// A screen that implements every optional call and logs them all, in the order it got them:
/// "fix 52.52", "stationary fix 52.52", "home entered", "heading 84.4", and the states.
@MainActor
final class EventScreen: RecordingScreen {
    var manager: AppLocationManager?
    private(set) var received: [Coordinate] = []
    private(set) var log: [String] = []
    private(set) var updates: [LocationUpdate] = []
    private(set) var states: [LocationState] = []
    let mainRouter = RecordingRouter()
    /// While set, each call waits until the test calls `finishCall()`.
    var isSlow = false
    private var gate: [CheckedContinuation<Void, Never>] = []

    var router: any Router { mainRouter }
    var locationManager: any LocationManager { manager! }

    func handleLocationUpdate(lat: Double, lng: Double) async {}

    func handleLocationUpdate(_ update: LocationUpdate) async {
        received.append(update.location.coordinate)
        updates.append(update)
        log.append((update.isStationary ? "stationary fix " : "fix ") + Self.latitude(update.location))
        await waitIfSlow()
    }

    func handleRegionEvent(_ event: RegionEvent) async {
        log.append(event.line)
        await waitIfSlow()
    }

    func handleHeadingUpdate(_ heading: Heading) async {
        log.append("heading \(heading.trueHeading)")
        await waitIfSlow()
    }

    func handleLocationStateChange(_ state: LocationState) {
        states.append(state)
    }

    /// Whether a call waits for `finishCall()`.
    var isWaiting: Bool { !gate.isEmpty }

    /// Lets the call that waits return.
    func finishCall() {
        gate.removeFirst().resume()
    }

    private func waitIfSlow() async {
        guard isSlow else { return }
        await withCheckedContinuation { gate.append($0) }
    }

    /// The latitude to 5 decimals, which tells the tests' fixes apart.
    static func latitude(_ location: Location) -> String {
        String(Double(Int((location.coordinate.latitude * 100_000).rounded())) / 100_000)
    }
}
