import GPSReader
import SerialPort
import Testing
import TestSupport

/// `UBloxSimulator`'s epochs on a `ManualClock`: each comes at its measurement period on the
/// clock, not before, asserted in no real time.
@Suite("The u-blox simulator on a driven clock")
struct UBloxSimulatorClockTests {
    @Test("the first epoch at once, the next one period (1 s) later, the wait in 50 ms slices so a new rate takes effect soon")
    func epochsAtThePeriod() async throws {
        let receiver = try VirtualReceiver()
        let clock = ManualClock()
        let simulator = UBloxSimulator(receiver: receiver, generation: .legacy, clock: clock)
        let running = Task { await simulator.run() }
        defer {
            running.cancel()
            receiver.unplug()
        }
        await eventually("the first epoch, at once") { simulator.settings.epochs == 1 }
        for slice in 1...20 {
            await eventually("slice \(slice) of the wait") { clock.pendingDeadlines == [.milliseconds(50 * slice)] }
            #expect(simulator.settings.epochs == 1, "no epoch before its period")
            clock.advance(by: .milliseconds(50))
        }
        await eventually("the second epoch, at 1 s") { simulator.settings.epochs == 2 }
    }
}
