import FoundationEssentials
import Glibc
import GPSCommandLine
import GPSD
import GPSReader

/// `--json`: gpsd's JSON on standard output, one TPV and one SKY line per epoch (a u-blox
/// receiver's as `GPSDReports` describes), every epoch in order (an epoch without a fix is
/// `"mode":1`), from any source of the pipeline. Ctrl-C stops reading, closes the source and
/// exits 0.
@MainActor
enum JSONOutput {
    /// `gps replay FILE --json`: the capture streamed in 64 KiB chunks; at `rate` 0 written in
    /// 64 KiB blocks, else paced, each epoch written as it is due.
    static func replay(_ capture: CaptureArgument, rate: Double) async -> CommandExit.Status {
        let pace: ReplayPace = rate == 0 ? .asFastAsPossible : .realTime(speedup: rate)
        let json = GPSDJSONSink(
            device: .some(capture.name), flushing: rate == 0 ? .inBlocks(of: 1 << 16) : .everyEpoch, output: { StandardOutput.write($0) })
        return await CaptureRun.replay(capture.capture, named: capture.name, pace: pace, into: json)
    }

    /// `gps read [DEVICE | gpsd://...] --json`: the source's epochs as they come, until Ctrl-C;
    /// a device whose access is refused ends it with status 3, unless `waitForAccess`, and a
    /// path that can never be read (not a serial device, a console) with status 1.
    static func read(_ source: any ReceiverSource, waitForAccess: Bool) async -> CommandExit.Status {
        await runUntilInterrupted {
            let problems = ProblemLines(source: source.name, waitsForAccess: waitForAccess)
            // Never waiting for standard output: the source is read on this thread too.
            let output = LiveOutput()
            var sinks = ReceiverSinks([GPSDJSONSink(output: { output.write($0) }), problems] + CorrectionFeed.positionSinks)
            await source.run(into: &sinks)
            if problems.refusedAccess != nil { return .accessBlocked }
            return problems.hasFailedForGood ? .failure : .success
        }
    }
}
