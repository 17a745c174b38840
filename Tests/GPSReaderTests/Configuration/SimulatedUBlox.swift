import GPSReader
import SerialPort
import UBX

/// A `UBloxSimulator` on a fresh pseudo-terminal, running until `stop()`.
final class SimulatedUBlox: Sendable {
    let receiver: VirtualReceiver
    let simulator: UBloxSimulator
    private let task: Task<Void, Never>

    init(_ generation: UBXGeneration, _ behaviour: UBloxSimulator.Behaviour = .init()) throws {
        receiver = try VirtualReceiver()
        let simulator = UBloxSimulator(receiver: receiver, generation: generation, behaviour: behaviour)
        self.simulator = simulator
        task = Task { await simulator.run() }
    }

    var path: String { receiver.devicePath }
    var settings: UBloxSimulator.Settings { simulator.settings }

    /// The UBX frames written to it, each as its class and id.
    var received: [UBXMessageID] { settings.received.map { UBXMessageID($0[2], $0[3]) } }

    func stop() async {
        task.cancel()
        await task.value
        receiver.unplug()
    }
}
