import Foundation
import GPSReader
import LocationTracking
import SerialPort

/// Feeds `hours` of a 10 Hz receiver through a `VirtualReceiver`, `NMEALocationProvider` and
/// `AppLocationManager` (continuous) into a screen, as fast as the flow takes them: time is
/// compressed, each second of epochs sent once the screen has the newest fix of the one before,
/// so no queue fills up that a real 10 Hz receiver would not fill. The screen may be given
/// fewer fixes than were sent: while it is busy the flow keeps only the newest (skipped fixes
/// are counted, not lost silently). Prints the open descriptors and resident memory every ten
/// simulated minutes and at the end, and fails when the descriptors grew.
@MainActor
enum FlowSoak {
    static let epochsPerSecond = 10

    static func run(hours: Double) async {
        let tracked = await TrackedReceiver(named: "flow", primedWith: 1)
        let receiver = tracked.receiver, screen = tracked.screen, primed = tracked.nextEpoch

        let seconds = Int(hours * 3600)
        let started = ContinuousClock.now
        print("simulated           fds        RSS     fixes")
        let firstEpoch = screen.newestEpoch ?? 0, receivedBefore = screen.received
        var first: ProcessResources?, last: ProcessResources?
        for second in 0..<seconds {
            let epochs = primed + second * epochsPerSecond..<primed + (second + 1) * epochsPerSecond
            do { try receiver.send(TenHertzEpochs.bytes(of: epochs), timeout: .seconds(10)) } catch {
                FileHandle.standardError.write(Data("gps-soak: cannot send: \(error)\n".utf8))
                exit(1)
            }
            // The last epoch sent is reported at its RMC once the cycle is learned, else when the
            // line goes quiet: waiting for the last but one never depends on which.
            await waitUntil("the fixes of second \(second)") { (screen.newestEpoch ?? 0) >= epochs.upperBound - 2 }
            guard (second + 1) % 600 == 0 || second + 1 == seconds else { continue }
            let sample = ProcessResources.now()
            if first == nil { first = sample }
            last = sample
            printRow(String(format: "%3d min", (second + 1) / 60), sample, String(screen.received).leftPadded(to: 9))
        }
        let elapsed = ContinuousClock.now - started
        await tracked.end()
        guard let first, let last else { return }
        let skipped = (screen.newestEpoch ?? 0) - firstEpoch - (screen.received - receivedBefore)
        print("\(screen.received) fixes (\(skipped) skipped while the screen was busy) in \(elapsed) of wall time; "
            + "from the first sample to the last: descriptors "
            + "\(last.openDescriptors - first.openDescriptors), RSS \(last.residentKilobytes - first.residentKilobytes) kB")
        if last.openDescriptors > first.openDescriptors { exit(1) }
    }
}

/// A screen that counts the fixes it is given.
@MainActor
final class CountingScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    private var manager: AppLocationManager!
    private(set) var received = 0
    /// The `TenHertzEpochs` epoch of the newest fix received.
    private(set) var newestEpoch: Int?
    let router: any Router = IgnoringRouter()
    var locationManager: any LocationManager { manager }

    init(provider: any LocationProvider) {
        manager = AppLocationManager(provider: provider, screen: self, trackingMode: .continuous, startDelay: .zero)
    }

    func handleLocationUpdate(lat: Double, lng: Double) async {}

    func handleLocationUpdate(_ location: Location) async {
        received += 1
        newestEpoch = TenHertzEpochs.epoch(at: location.timestamp)
    }
}

/// The soak's device is always accessible: a route would be a failure the counts show.
@MainActor
final class IgnoringRouter: Router {
    func navigate(to route: Route) {}
}
