import Foundation
import GPSReader
import Testing
import TestSupport

// docs/Pipeline.md's sink, verbatim.

/// Counts the epochs with a valid fix.
final class FixCounter: ReceiverSink {
    private(set) var fixes = 0
    func receive(_ event: ReceiverEvent) {
        if case .epoch(let epoch) = event, epoch.location?.isValidFix == true { fixes += 1 }
    }
}

/// docs/Pipeline.md's example and the pipeline's one loop, `run(into:)`.
@Suite("Pipeline example")
struct PipelineExampleTests {
    private static let drive = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path

    @Test("docs/Pipeline.md's sink counts the sample drive's 90 fixes, at full speed and paced alike")
    func example() async {
        // The example, verbatim but for the capture's path.
        var counter = FixCounter()
        await CaptureReplay(.file(Self.drive)).run(into: &counter)
        #expect(counter.fixes == 90)

        var paced = FixCounter()
        await CaptureReplay(.file(Self.drive), pace: .linesPerSecond(1_000_000)).run(into: &paced)
        #expect(paced.fixes == 90)
    }

    /// Records every event, and ends the run after `limit` of them.
    private final class Recorder: ReceiverSink {
        var events: [String] = []
        var finished = 0
        let limit: Int
        init(limit: Int = .max) { self.limit = limit }
        func receive(_ event: ReceiverEvent) {
            switch event {
            case .opened: events.append("opened")
            case .bytes: events.append("bytes")
            case .frames: events.append("frames")
            case .epoch: events.append("epoch")
            default: events.append("other")
            }
        }
        func finish() { finished += 1 }
        var wantsMoreEvents: Bool { events.count < limit }
    }

    @Test("ReceiverSinks hands each event to every sink in order (the bytes, then the frames they complete), finishes each once, and stops when one wants no more")
    func sinks() async {
        let all = Recorder(), short = Recorder(limit: 3)
        var both = ReceiverSinks([all, short])
        await CaptureReplay(.file(Self.drive)).run(into: &both)
        #expect(all.events == short.events)
        #expect(all.events == ["opened", "bytes", "frames"])
        #expect(all.finished == 1 && short.finished == 1)
    }

    @Test("at full speed and through events(), a capture gives the same events in the same order")
    func fastPathMatchesEvents() async {
        let direct = Recorder()
        var sink = direct
        await CaptureReplay(.file(Self.drive)).run(into: &sink)
        var pulled: [String] = []
        for await event in CaptureReplay(.file(Self.drive)).events() {
            switch event {
            case .opened: pulled.append("opened")
            case .bytes: pulled.append("bytes")
            case .frames: pulled.append("frames")
            case .epoch: pulled.append("epoch")
            default: pulled.append("other")
            }
        }
        #expect(direct.events == pulled)
    }
}
