import GPSReader
import LocationTracking
import SerialPort

/// Runs the tracking flow (provider, `AppLocationManager`, `TerminalScreen`) until it ends.
@MainActor
enum Tracking {
    /// Reads a device until Ctrl-C, or until access is blocked when `shouldBlock`.
    static func read(device: String?, baudRate: Int?, shouldBlock: Bool) async -> CommandExit.Status {
        let path = device ?? NMEALocationProvider.likelyReceiver()?.preferredPath
        let provider = NMEALocationProvider(
            source: .device(path.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:))))
        let exit = CommandExit()
        let screen = TerminalScreen(
            provider: provider, devicePath: path ?? "the receiver's device", shouldBlock: shouldBlock, exit: exit)
        exitCleanlyOnInterrupt()
        screen.startTrackingLocation()
        let status = await exit.status()
        extendLifetime(screen)  // the screen owns the flow: it must outlive the wait
        return status
    }

    /// Replays a capture at `rate` times real time (0: as fast as possible) and returns once
    /// every fix is printed.
    static func replay(_ capture: NMEALocationProvider.Capture, rate: Double) async -> CommandExit.Status {
        let pace: NMEALocationProvider.ReplayPace = rate == 0 ? .asFastAsPossible : .realTime(speedup: rate)
        let provider = NMEALocationProvider(source: .capture(capture, pace: pace))
        let exit = CommandExit()
        let screen = TerminalScreen(provider: provider, devicePath: "the capture", shouldBlock: true, exit: exit)
        exitCleanlyOnInterrupt()
        screen.startTrackingLocation()
        let summary = await provider.readingEnded()
        // The last fixes may still be on their way through the manager to the screen.
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        while screen.printedFixes < summary.validFixes, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        exit.finish(screen.printedFixes == summary.validFixes ? .success : .failure)
        return await exit.status()
    }
}
