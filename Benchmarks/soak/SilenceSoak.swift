import Foundation
import GPSReader
import LocationTracking
import SerialPort

/// A receiver that is plugged in, sends until three fixes arrived and then says nothing for `seconds`, read
/// through `NMEALocationProvider` and `AppLocationManager`: prints the CPU time the whole
/// process used during the silence, which must stay near zero (reads wait in `poll`).
@MainActor
enum SilenceSoak {
    static func run(seconds: Double) async {
        let tracked = await TrackedReceiver(named: "silence", primedWith: 3)

        let before = cpuSeconds(), started = ContinuousClock.now
        try? await Task.sleep(for: .seconds(seconds))
        let used = cpuSeconds() - before, elapsed = ContinuousClock.now - started
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(String(format: "%.1f s of silence: %.3f s of CPU (%.2f%% of one core), %d fixes before it",
                     wall, used, 100 * used / wall, tracked.screen.received))
        await tracked.end()
    }

    /// User and system CPU time of every thread of the process so far, in seconds.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
    }
}
