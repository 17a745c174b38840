import FoundationEssentials
import GPSReader
import Locking

/// Runs a capture's replay through sinks until its end or Ctrl-C/SIGTERM, on the main actor.
///
/// A paced replay, or one of a FIFO, standard input or a device (which may wait for a writer
/// forever), runs in a task of its own, cancelled by the signal at once, even while it waits.
/// A regular file's replay as fast as possible never waits: it runs in the calling task and
/// stops at its next event once the signal has come. It creates no task, which keeps
/// `gps replay --rate 0` countable by valgrind (3.19 here stops with "the 'impossible' happened"
/// on the first Swift task a program creates).
@MainActor
enum CaptureRun {
    /// Plays the capture into `output` (the fix lines, gpsd's JSON), saying what went wrong on
    /// standard error: status 1 for a capture that cannot be read, is truncated, or holds no
    /// valid frame (NMEA, UBX, RTCM 3); 0 otherwise, Ctrl-C included.
    static func replay(
        _ capture: Capture, named name: String, pace: ReplayPace,
        into output: any ReceiverSink
    ) async -> CommandExit.Status {
        let problems = ProblemLines(source: name, waitsForAccess: true)
        let content = CaptureContent()
        let interrupted = await play(CaptureReplay(capture, pace: pace), into: [output, problems, content])
        if problems.hasFailed { return .failure }
        guard content.hasFrame || interrupted else {
            printError(CaptureContent.noSentences(in: name))
            return .failure
        }
        if !content.hasSentence, !content.hasEpoch, !interrupted { printError(CaptureContent.binaryOnly(in: name, frames: content.binaryFrames)) }
        return .success
    }

    /// Plays `replay` into `sinks`; true when Ctrl-C or SIGTERM ended it.
    static func play(_ replay: CaptureReplay, into sinks: [any ReceiverSink]) async -> Bool {
        var all = ReceiverSinks(sinks)
        guard replay.pace == .asFastAsPossible, neverWaits(replay.capture) else {
            let playing = Task { @MainActor in
                await replay.run(into: &all)
                return Task.isCancelled
            }
            stopOnInterrupt { playing.cancel() }
            return await playing.value
        }
        let interruption = InterruptionSink()
        all.sinks.append(interruption)
        await replay.run(into: &all)
        return interruption.hasHappened
    }

    /// Whether reading `capture` never waits: bytes in memory, or a regular file.
    private static func neverWaits(_ capture: Capture) -> Bool {
        guard case .file(let path) = capture else { return true }
        return (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }
}

/// Wants no more events once Ctrl-C or SIGTERM has come.
private final class InterruptionSink: ReceiverSink {
    private let flag = LockedFlag()

    init() {
        stopOnInterrupt { [flag] in flag.raise() }
    }

    /// Whether the signal came.
    var hasHappened: Bool { flag.isRaised }

    func receive(_ event: ReceiverEvent) {}

    var wantsMoreEvents: Bool { !hasHappened }
}
