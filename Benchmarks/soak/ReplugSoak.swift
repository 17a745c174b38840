import Foundation
import GPSReader
import LocationTracking
import SerialPort

/// Plugs a `VirtualReceiver` in under one `NMEALocationProvider`, waits for fixes, unplugs it
/// and waits for the provider to report the disconnection, `cycles` times; prints the open
/// descriptors and resident memory after cycles 1, 10, 25, 50, 75 and the last, and fails when the
/// last cycle holds more descriptors than the first and still does 3 s later.
@MainActor
enum ReplugSoak {
    static func run(cycles: Int) async {
        let link = "/tmp/gps-soak-\(getpid())"
        let events = ProviderEvents()
        let provider = NMEALocationProvider(source: .device(.path(link)), recheckInterval: .milliseconds(20))
        provider.delegate = events
        provider.startUpdatingLocation()
        print("cycle               fds        RSS")
        var first: ProcessResources?
        var epoch = 0
        for cycle in 1...cycles {
            await plugReadUnplug(link, cycle: cycle, events: events, epoch: &epoch)
            // The provider closes the device just after reporting the unplug; let it finish.
            try? await Task.sleep(for: .milliseconds(100))
            let sample = ProcessResources.now()
            if cycle == 1 { first = sample }
            if [1, 10, 25, 50, 75, cycles].contains(cycle) { printRow("after cycle \(cycle)", sample) }
            if cycle == cycles, let first {
                // A descriptor the reader holds for a moment (the inotify watch for the device
                // coming back, a reopen under way) is no leak: a leak is still there 3 s later.
                var sample = sample
                for _ in 0..<60 where sample.openDescriptors > first.openDescriptors {
                    try? await Task.sleep(for: .milliseconds(50))
                    sample = ProcessResources.now()
                }
                let growth = sample.residentKilobytes - first.residentKilobytes
                print("fixes \(events.fixes), disconnections \(events.disconnections); "
                    + "descriptors \(sample.openDescriptors - first.openDescriptors >= 0 ? "+" : "")"
                    + "\(sample.openDescriptors - first.openDescriptors), RSS \(growth >= 0 ? "+" : "")\(growth) kB "
                    + "from cycle 1 to \(cycles)")
                if sample.openDescriptors > first.openDescriptors { exit(1) }
            }
        }
        provider.stopUpdatingLocation()
        _ = await provider.readingEnded()
    }

    /// One cycle: a new receiver at `link` sends epochs every 10 ms until three fixes have
    /// arrived, then is unplugged; returns once the provider has reported the disconnection
    /// and the receiver is gone.
    private static func plugReadUnplug(_ link: String, cycle: Int, events: ProviderEvents, epoch: inout Int) async {
        let receiver = plugReceiver(at: link)
        let fixesBefore = events.fixes
        await sendUntilReceived(fixesBefore + 3, from: receiver, epoch: &epoch) { events.fixes }
        receiver.unplug()
        await waitUntil("the unplug of cycle \(cycle) to be reported") { events.disconnections == cycle }
    }
}
