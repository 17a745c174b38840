import FoundationEssentials
import Glibc
import GPSCommandLine
import GPSReader
import LocationTracking
import SerialPort

/// The command's screen. On a terminal it shows a live panel (`Panel`) redrawn in place; into
/// a pipe or a file it prints each fix the tracking flow delivers as one line on standard
/// output, each region event as a `RegionLine` among them, and each change of state as one
/// line on standard error. Either way it shows the remedy when access to the device is blocked,
/// and a failure with what to do: the panel prints it above itself, where no row cuts it. A path
/// that can never be read (`SerialPortError.isFinal`) ends the command with status 1.
@MainActor
final class TerminalScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    /// How fixes are shown.
    enum Presentation {
        /// One line per fix (`FixLine`), as scripts read them.
        case lines
        /// The live panel, naming where the fixes come from.
        case panel(source: String)

        /// The panel when standard output is a terminal, else lines.
        static func forStandardOutput(source: String) -> Presentation {
            isatty(STDOUT_FILENO) == 1 ? .panel(source: source) : .lines
        }
    }

    private var manager: AppLocationManager!
    private let terminalRouter: TerminalRouter
    private let provider: NMEALocationProvider
    private let devicePath: String
    private let exit: CommandExit
    private var panel: Panel?
    private var display: PanelDisplay?
    /// The state changes on standard error, without the panel; with it, the failures above it.
    private var stateLines = StateLines()
    /// Where the lines go: never waiting, as the receiver is read on this thread too.
    private let lines = LiveOutput()
    /// The receiver's corrections, under `gps read --ntrip`.
    private let corrections = CorrectionFeed.current

    let titleText: String? = "gps: access to the GPS receiver is blocked."
    let shouldBlock: Bool
    var router: any Router { terminalRouter }
    var locationManager: any LocationManager { manager }

    /// What to do about it, for the status the provider has now.
    var subtitle: String? {
        switch provider.authorizationStatus {
        case .restricted: SerialPortError.notPermitted(path: devicePath).description
        default: SerialPortError.permissionDenied(path: devicePath).description
        }
    }

    /// A screen on `provider`, tracking continuously from the start.
    ///
    /// - Parameters:
    ///   - devicePath: The device named in the remedy.
    ///   - shouldBlock: Whether a blocked device ends the command (with `exit`'s code 3)
    ///     rather than waiting for access.
    ///   - exit: Where the command's outcome goes.
    ///   - presentation: Lines or the panel.
    ///   - minimumLostTimeout: The least time without a fix before it is lost; shorter for a
    ///     replay played faster than real time.
    ///   - filters: Which fixes to show, and the regions to watch.
    init(
        provider: NMEALocationProvider, devicePath: String, shouldBlock: Bool, exit: CommandExit,
        presentation: Presentation, minimumLostTimeout: Duration = .seconds(3), filters: FixFilters = .none
    ) {
        self.provider = provider
        self.devicePath = devicePath
        self.shouldBlock = shouldBlock
        self.exit = exit
        terminalRouter = TerminalRouter(exit: exit)
        let logger: any LocationLogger
        switch presentation {
        case .lines:
            logger = .silent  // the state line says what failed (`StateLines`)
        case .panel(let source):
            logger = .silent  // the panel shows the failure; a log line would break it
            panel = Panel(source: source)
        }
        manager = AppLocationManager(
            provider: provider, screen: self, trackingMode: .continuous, startDelay: .zero,
            minimumLostTimeout: minimumLostTimeout, logger: logger)
        filters.apply(to: manager)
        if panel != nil {
            // The panel shows whether the receiver stands still; the fixes it shows are the
            // manager's current one, which stillness does not hold back.
            manager.stationaryDetection = StationaryDetection()
            let display = PanelDisplay { [unowned self] rows in self.panelLines(satelliteRows: rows) }
            self.display = display
            terminalRouter.show = { display.printAbove($0) }
            corrections?.say.send { line in Task { @MainActor in display.printAbove(line) } }
        }
    }

    /// Starts the flow, and the panel's drawing.
    func start() {
        display?.start()
        startTrackingLocation()
    }

    /// Stops tracking, and returns once the provider has closed the device (its settings
    /// restored, its exclusive access released; see `NMEALocationProvider.shutDown()`).
    func stop() async {
        manager.stopTrackingLocation()
        await provider.shutDown()
    }

    /// Draws the panel a last time and leaves the cursor below it.
    func finish() {
        display?.finish()
    }

    func handleLocationUpdate(_ location: Location) async {
        corrections?.client.receiverFix(location)
        guard let display else {
            let suffix = corrections.map { CorrectionWords(statistics: $0.client.statistics, location: location).lineSuffix } ?? ""
            // One line per fix as it comes, also into a pipe (`gps read | tee log`).
            write(FixLine(location).description + suffix + "\n")
            return
        }
        display.setNeedsDraw()
    }

    func handleRegionEvent(_ event: RegionEvent) async {
        guard let display else {
            write(RegionLine(event).description + "\n")
            return
        }
        display.setNeedsDraw()
    }

    /// Writes `line` on standard output; once its reader has gone (`gps read | head -3`), the
    /// command ends, with status 0.
    private func write(_ line: String) {
        if !lines.write(line) { exit.finish(.success) }
    }

    /// Only a manager that passes coordinates alone calls this; `AppLocationManager` passes
    /// the whole fix to `handleLocationUpdate(_:)`.
    func handleLocationUpdate(lat: Double, lng: Double) async {
        await handleLocationUpdate(Location(coordinate: Coordinate(latitude: lat, longitude: lng)))
    }

    func handleLocationStateChange(_ state: LocationState) {
        if let display {
            // A failure's remedy is longer than the Status row: whole, above the panel.
            if case .failed = state, let line = stateLines.line(for: state) {
                display.printAbove(line)
            } else {
                display.setNeedsDraw()
            }
        } else {
            stateLines.report(state)
        }
        // A path that can never be read (not a serial device, a console) ends the command; its
        // reason is above the panel already.
        guard case .failed(let error as SerialPortError) = state, error.isFinal else { return }
        exit.finish(.failure)
    }

    private func panelLines(satelliteRows: Int) -> [String] {
        guard var panel else { return [] }
        panel.satelliteRows = satelliteRows
        panel.state = manager.state
        panel.location = manager.currentLocation
        panel.age = manager.currentLocationAge
        panel.satellites = manager.satellites
        panel.isStationary = manager.isStationary
        panel.regions = manager.monitoredRegions.map { ($0.identifier, manager.state(ofRegion: $0.identifier)) }
        panel.corrections = corrections.map { CorrectionWords(statistics: $0.client.statistics, location: manager.currentLocation) }
        return panel.lines
    }
}

/// Shows routes on standard error, or above the panel.
@MainActor
final class TerminalRouter: Router {
    private let exit: CommandExit
    /// Where a message goes; standard error unless the panel takes it.
    var show: (String) -> Void = printError

    init(exit: CommandExit) {
        self.exit = exit
    }

    func navigate(to route: Route) {
        switch route {
        case .locationRestricted(_, let title, let subtitle, let shouldBlock):
            let waiting = "Waiting for access: checked again when the device changes (Ctrl-C to stop)."
            show([title, subtitle, shouldBlock ? nil : waiting].compactMap { $0 }.joined(separator: "\n"))
            if shouldBlock { exit.finish(.accessBlocked) }
        }
    }
}
