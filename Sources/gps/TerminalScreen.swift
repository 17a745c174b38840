import Foundation
import GPSReader
import LocationTracking
import SerialPort

/// The command's screen: prints each fix the tracking flow delivers as one line, and the
/// remedy when access to the device is blocked.
@MainActor
final class TerminalScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    private var manager: AppLocationManager!
    private let terminalRouter: TerminalRouter
    private let provider: NMEALocationProvider
    private let devicePath: String
    /// Fixes printed so far.
    private(set) var printedFixes = 0

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
    init(provider: NMEALocationProvider, devicePath: String, shouldBlock: Bool, exit: CommandExit) {
        self.provider = provider
        self.devicePath = devicePath
        self.shouldBlock = shouldBlock
        terminalRouter = TerminalRouter(exit: exit, recheckInterval: provider.recheckInterval)
        manager = AppLocationManager(
            provider: provider, screen: self, trackingMode: .continuous, startDelay: .zero,
            logger: .standardError(minimumLevel: .error))
    }

    func handleLocationUpdate(_ location: Location) async {
        print(FixLine(location))
        fflush(nil)  // one line per fix as it comes, also into a pipe (`gps read | tee log`)
        printedFixes += 1
    }

    /// Only a manager that passes coordinates alone calls this; `AppLocationManager` passes
    /// the whole fix to `handleLocationUpdate(_:)`.
    func handleLocationUpdate(lat: Double, lng: Double) async {
        print(FixLine(Location(coordinate: Coordinate(latitude: lat, longitude: lng))))
        fflush(nil)
        printedFixes += 1
    }
}

/// Shows routes on standard error.
@MainActor
final class TerminalRouter: Router {
    private let exit: CommandExit
    private let recheckInterval: Duration

    init(exit: CommandExit, recheckInterval: Duration) {
        self.exit = exit
        self.recheckInterval = recheckInterval
    }

    func navigate(to route: Route) {
        switch route {
        case .locationRestricted(_, let title, let subtitle, let shouldBlock):
            let waiting = "Waiting for access; it is checked every \(recheckInterval) (Ctrl-C to stop)."
            let lines = [title, subtitle, shouldBlock ? nil : waiting].compactMap { $0 }
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            if shouldBlock { exit.finish(.accessBlocked) }
        }
    }
}
