import Foundation
import GPSReader
import Recording
import Testing

/// docs/Recording.md's "In an app", verbatim but for the source (the sample drive for the
/// device) and the files (a scratch folder's).
@Suite("docs/Recording.md's example")
struct DocsExampleTests {
    /// Stands for the app's own sink.
    private final class Tracking: ReceiverSink {
        private(set) var epochs = 0
        func receive(_ event: ReceiverEvent) {
            if case .epoch = event { epochs += 1 }
        }
    }

    @Test("record and export while tracking, from one run of the pipeline")
    func inAnApp() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tracking = Tracking()
        var exported = 0
        let recorder = try NMERecorder(path: scratch.file("ride.nmea"), options: RecordingOptions(sync: .everyEpoch, rotation: .hourly))
        let gpx = GPXWriter(name: "ride") { bytes in exported += bytes.count; return true }
        var sinks = ReceiverSinks([recorder, gpx, tracking])
        await CaptureReplay(.file(sampleDrive)).run(into: &sinks)
        recorder.finish()
        #expect(recorder.failure == nil)
        #expect(tracking.epochs == 108)
        #expect(exported > 10_000)
        #expect(recorder.summary.lines > 1000)
    }
}
