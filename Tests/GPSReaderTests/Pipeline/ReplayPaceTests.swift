import GPSReader
import Testing
import TestSupport

/// A paced `CaptureReplay` on a `ManualClock`: each wait is the deadline it asks the clock for,
/// asserted at once, in no real time and whatever the machine's load.
@Suite("A replay's pace on a driven clock")
struct ReplayPaceTests {
    /// Three epochs a second apart, each with a date and time.
    private static let capture = Array((0..<3).flatMap { epoch(String(format: "1200%02d", $0)) }.map(sentence).joined().utf8)

    @Test("real time at 2×: the first epoch at once, each next one half its gap after the last on the clock, not before")
    func realTime() async {
        let clock = ManualClock()
        let epochs = WatchedState(0)
        let replay = CaptureReplay(.bytes(Self.capture), pace: .realTime(speedup: 2), clock: clock)
        let reading = Task {
            for await event in replay.events() {
                if case .epoch = event { epochs.update { $0 += 1 } }
            }
        }
        await eventually("the first epoch, and a wait for the second") {
            epochs.value == 1 && clock.pendingDeadlines == [.milliseconds(500)]
        }
        clock.advance(by: .milliseconds(499))
        #expect(clock.pendingDeadlines == [.milliseconds(500)], "still waiting 1 ms before its deadline")
        #expect(epochs.value == 1)
        clock.advance(by: .milliseconds(1))
        await eventually("the second epoch, and a wait for the third") {
            epochs.value == 2 && clock.pendingDeadlines == [.seconds(1)]
        }
        clock.advance(by: .milliseconds(500))
        await reading.value
        #expect(epochs.value == 3)
    }

    @Test("lines per second: each line's turn comes 1/rate after the last one's on the clock")
    func linesPerSecond() async {
        let clock = ManualClock()
        let lines = WatchedState(0)
        let replay = CaptureReplay(.bytes(Self.capture), pace: .linesPerSecond(10), clock: clock)
        let reading = Task {
            for await event in replay.events() {
                if case .bytes = event { lines.update { $0 += 1 } }
            }
        }
        for line in 1...3 {
            await eventually("a wait for line \(line)'s turn") {
                lines.value == line - 1 && clock.pendingDeadlines == [.milliseconds(100 * line)]
            }
            clock.advance(by: .milliseconds(100))
        }
        await eventually("line 3 given") { lines.value >= 3 }
        reading.cancel()
        await reading.value
    }
}
