import GPSReader
import SerialPort
import UBX

/// A `UBloxSimulator` on a fresh pseudo-terminal, running until `stop()`.
public final class SimulatedUBlox: Sendable {
    /// Its pseudo-terminal.
    public let receiver: VirtualReceiver
    /// The simulated receiver.
    public let simulator: UBloxSimulator
    private let task: Task<Void, Never>

    /// A receiver of `generation` with `behaviour`, running, answering corrections as
    /// `corrections` judges them.
    public init(
        _ generation: UBXGeneration, _ behaviour: UBloxSimulator.Behaviour = .init(), corrections: CorrectionResponder? = nil
    ) throws {
        receiver = try VirtualReceiver()
        let simulator = UBloxSimulator(receiver: receiver, generation: generation, behaviour: behaviour, corrections: corrections)
        self.simulator = simulator
        // Answering before the task runs: at the suite's start, a task waits behind every
        // test's first steps on the cooperative pool, seconds on two cores.
        simulator.startAnswering()
        // Stand-in hardware, on a thread of its own: its epochs keep their pace however long
        // the suite keeps the cooperative pool's threads.
        task = detachedOnThreadOfItsOwn(named: "u-blox") { await simulator.run() }
    }

    /// The device a program opens.
    public var path: String { receiver.devicePath }
    /// Its settings and what it was told.
    public var settings: UBloxSimulator.Settings { simulator.settings }

    /// The UBX frames written to it, each as its class and id.
    public var received: [UBXMessageID] { settings.received.map { UBXMessageID($0[2], $0[3]) } }

    /// The frames written to it that are commands rather than polls: a payload that sets
    /// something (not a poll's empty one, CFG-MSG's class and id, CFG-PRT's port, a CFG-VALGET).
    public var commands: [[UInt8]] {
        settings.received.filter { frame in
            let id = UBXMessageID(frame[2], frame[3])
            return frame.count > 8 && id != .cfgVALGET && !(id == .cfgMSG && frame.count == 10) && !(id == .cfgPRT && frame.count == 9)
        }
    }

    /// Stops it and unplugs its pseudo-terminal.
    public func stop() async {
        task.cancel()
        await task.value
        receiver.unplug()
    }
}
