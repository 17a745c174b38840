import FoundationEssentials
import Glibc
import GPSCommandLine
import GPSReader
import LocationTracking
import POSIXSupport
import SerialPort

/// Runs the tracking flow (provider, `AppLocationManager`, `TerminalScreen`) until it ends, or
/// prints a capture's fixes through the lossless pipeline.
@MainActor
enum Tracking {
    /// Reads `provider` (a device or a gpsd) until Ctrl-C, or until access is blocked when
    /// `shouldBlock`; on a terminal in the live panel. Either way the source is closed before
    /// it returns.
    ///
    /// - Parameters:
    ///   - source: Where fixes come from, as the panel names it.
    ///   - devicePath: The device the remedy names, when access is refused.
    ///   - filters: Which fixes to show, and the regions to watch.
    static func read(
        _ provider: NMEALocationProvider, source: String, devicePath: String, shouldBlock: Bool, filters: FixFilters = .none
    ) async -> CommandExit.Status {
        let exit = CommandExit()
        let screen = TerminalScreen(
            provider: provider, devicePath: devicePath, shouldBlock: shouldBlock, exit: exit,
            presentation: .forStandardOutput(source: source), filters: filters)
        stopOnInterrupt { Task { @MainActor in exit.finish(.success) } }
        screen.start()
        let status = await exit.status()
        screen.finish()  // the panel as it was, before stopping turns the state idle
        await screen.stop()
        return status
    }

    /// Reads a device: the one named, or the one discovery finds.
    static func read(device: FilePath?, baudRate: Int?, shouldBlock: Bool, filters: FixFilters = .none) async -> CommandExit.Status {
        let path = device ?? NMEALocationProvider.likelyReceiver().map { FilePath($0.preferredPath) }
        let selection: DeviceSelection = path.map { .path($0) } ?? .automatic
        let speed = baudRate.map(SerialPort.BaudRate.init(rawValue:))
        // With --ntrip, the device is opened with the feed's link, so corrections reach it.
        let provider = CorrectionFeed.current.map {
            NMEALocationProvider(receiver: DeviceConnection(selection, baudRate: speed, link: $0.link))
        } ?? NMEALocationProvider(source: .device(selection, baudRate: speed))
        let name = path?.description
        return await read(
            provider, source: name ?? "the first receiver found", devicePath: name ?? "the receiver's device",
            shouldBlock: shouldBlock, filters: filters)
    }

    /// Replays a capture at `rate` times real time (0: as fast as possible) and returns once
    /// it has ended: on a terminal in the live panel, else as one line per valid fix.
    static func replay(
        _ capture: Capture, named source: String, rate: Double, filters: FixFilters = .none
    ) async -> CommandExit.Status {
        let pace: ReplayPace = rate == 0 ? .asFastAsPossible : .realTime(speedup: rate)
        guard case .panel = TerminalScreen.Presentation.forStandardOutput(source: source) else {
            return await printFixes(of: capture, named: source, pace: pace, filters: filters)
        }
        let provider = NMEALocationProvider(source: .capture(capture, pace: pace))
        let screen = TerminalScreen(
            provider: provider, devicePath: source, shouldBlock: true, exit: CommandExit(),
            presentation: .panel(source: source),
            // Faster than real time, a fix is lost as much sooner as it would be in real time.
            minimumLostTimeout: .seconds(3) / max(rate, 1), filters: filters)
        // Ctrl-C ends the replay, which ends the wait below: the panel is drawn a last time.
        let interruption = LockedFlag()
        stopOnInterrupt {
            interruption.raise()
            provider.stopUpdatingLocation()
        }
        screen.start()
        let summary = await provider.readingEnded()
        screen.finish()
        guard summary.fixes == 0, !interruption.isRaised, await !CaptureContent.captureHasFrame(capture) else {
            return .success
        }
        printError(CaptureContent.noSentences(in: source))
        return .failure
    }

    /// Prints every valid fix of the capture the filters let through, and the region lines, in
    /// order, through the lossless pipeline: the next epoch is decoded only once the last line
    /// is written, so memory stays flat whatever the capture's size.
    private static func printFixes(
        of capture: Capture, named name: String, pace: ReplayPace,
        filters: FixFilters
    ) async -> CommandExit.Status {
        let lines = FixLines(FilteredLines(filters), flushesEachLine: pace != .asFastAsPossible)
        return await CaptureRun.replay(capture, named: name, pace: pace, into: lines)
    }
}
