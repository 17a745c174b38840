import Foundation
import GPSReader
import SerialPort

/// A `VirtualReceiver` read by an `NMEALocationProvider` through the flow into a
/// `CountingScreen`: what the flow and silence soaks both run.
@MainActor
struct TrackedReceiver {
    let receiver: VirtualReceiver
    let provider: NMEALocationProvider
    let screen: CountingScreen
    /// The next `TenHertzEpochs` epoch to send.
    var nextEpoch = 0

    /// Plugs a receiver in at /tmp/gps-soak-`name`-PID, starts tracking it, and sends epochs
    /// until the screen has received `fixes` fixes.
    init(named name: String, primedWith fixes: Int) async {
        let link = "/tmp/gps-soak-\(name)-\(getpid())"
        receiver = plugReceiver(at: link)
        provider = NMEALocationProvider(source: .device(.path(link)), recheckInterval: .milliseconds(20))
        screen = CountingScreen(provider: provider)
        screen.startTrackingLocation()
        await sendUntilReceived(fixes, from: receiver, epoch: &nextEpoch) { [screen] in screen.received }
    }

    /// Unplugs the receiver, stops tracking, and waits until the provider has stopped reading.
    func end() async {
        receiver.unplug()
        screen.stopTrackingLocation()
        _ = await provider.readingEnded()
    }
}
