import Foundation
import GPSCommandLine
import GPSReader
import LocationTracking
import SerialPort

/// Runs the tracking flow (provider, `AppLocationManager`, `TerminalScreen`) until it ends, or
/// prints a capture's fixes through its lossless path.
@MainActor
enum Tracking {
    /// Reads a device until Ctrl-C, or until access is blocked when `shouldBlock`; on a terminal
    /// in the live panel. Either way the device is closed before it returns.
    static func read(device: String?, baudRate: Int?, shouldBlock: Bool, filters: FixFilters = .none) async -> CommandExit.Status {
        let path = device ?? NMEALocationProvider.likelyReceiver()?.preferredPath
        let provider = NMEALocationProvider(
            source: .device(path.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:))))
        let exit = CommandExit()
        let screen = TerminalScreen(
            provider: provider, devicePath: path ?? "the receiver's device", shouldBlock: shouldBlock, exit: exit,
            presentation: .forStandardOutput(source: path ?? "the first receiver found"), filters: filters)
        stopOnInterrupt { Task { @MainActor in exit.finish(.success) } }
        screen.start()
        let status = await exit.status()
        screen.finish()  // the panel as it was, before stopping turns the state idle
        await screen.stop()
        return status
    }

    /// Replays a capture at `rate` times real time (0: as fast as possible) and returns once
    /// it has ended: on a terminal in the live panel, else as one line per valid fix.
    static func replay(
        _ capture: NMEALocationProvider.Capture, rate: Double, filters: FixFilters = .none
    ) async -> CommandExit.Status {
        // The only capture the command plays from memory is the bundled sample drive.
        let source = if case .file(let path) = capture { path } else { "the sample drive" }
        let pace: NMEALocationProvider.ReplayPace = rate == 0 ? .asFastAsPossible : .realTime(speedup: rate)
        exitCleanlyOnInterrupt()
        guard case .panel = TerminalScreen.Presentation.forStandardOutput(source: source) else {
            return await printFixes(of: capture, pace: pace, filters: filters)
        }
        let provider = NMEALocationProvider(source: .capture(capture, pace: pace))
        let screen = TerminalScreen(
            provider: provider, devicePath: source, shouldBlock: true, exit: CommandExit(),
            presentation: .panel(source: source),
            // Faster than real time, a fix is lost as much sooner as it would be in real time.
            minimumLostTimeout: .seconds(3) / max(rate, 1), filters: filters)
        screen.start()
        let summary = await provider.readingEnded()
        screen.finish()
        return hasNoSentence(capture, epochs: summary.fixes) ? .failure : .success
    }

    /// Prints every valid fix of the capture the filters let through, and the region lines, in
    /// order, through its lossless path (`CaptureEpochs`): the next epoch is decoded only once
    /// the last line is written, so memory stays flat whatever the capture's size. At a pace,
    /// each line is flushed as it is printed (a pipe sees it at once); as fast as possible,
    /// lines go out in buffered blocks.
    private static func printFixes(
        of capture: NMEALocationProvider.Capture, pace: NMEALocationProvider.ReplayPace, filters: FixFilters
    ) async -> CommandExit.Status {
        var epochs = 0
        var lines = FilteredLines(filters)
        do throws(GPSReaderError) {
            for try await epoch in CaptureEpochs(capture, pace: pace) {
                epochs += 1
                guard let fix = epoch.location, fix.isValidFix else { continue }
                lines.lines(for: fix) { print($0) }
                if pace != .asFastAsPossible { fflush(nil) }
            }
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        fflush(nil)
        return hasNoSentence(capture, epochs: epochs) ? .failure : .success
    }

    /// Whether a capture file that gave no epoch holds no sentence either (it is not NMEA),
    /// which it then says on standard error. A capture whose epochs have no fix is no error.
    private static func hasNoSentence(_ capture: NMEALocationProvider.Capture, epochs: Int) -> Bool {
        guard epochs == 0, case .file(let path) = capture, !SentenceScan.containsSentence(file: path) else { return false }
        printError(SentenceScan.noSentences(in: path))
        return true
    }
}
