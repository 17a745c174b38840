import Foundation
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
    ///
    /// It reads the capture's lossless path (`CaptureEpochs`): every valid fix is printed, in
    /// order, and the next epoch is decoded only once the last line is written, so memory stays
    /// flat whatever the capture's size. At a pace, each line is flushed as it is printed (a
    /// pipe sees it at once); as fast as possible, lines are written in buffered blocks.
    static func replay(_ capture: NMEALocationProvider.Capture, rate: Double) async -> CommandExit.Status {
        let pace: NMEALocationProvider.ReplayPace = rate == 0 ? .asFastAsPossible : .realTime(speedup: rate)
        exitCleanlyOnInterrupt()
        do throws(GPSReaderError) {
            for try await fix in CaptureEpochs(capture, pace: pace) where fix.isValidFix {
                print(FixLine(fix).description)
                if rate != 0 { fflush(nil) }
            }
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        fflush(nil)
        return .success
    }
}
