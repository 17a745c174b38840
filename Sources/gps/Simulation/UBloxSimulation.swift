import Glibc
import GPSReader
import POSIXSupport
import SerialPort
import UBX

/// `gps simulate --ublox`: a simulated u-blox receiver on a pseudo-terminal, answering UBX
/// commands and polls (`UBloxSimulator`), until Ctrl-C.
@MainActor
enum UBloxSimulation {
    static func run(link: FilePath?, generation: UBXGeneration) async -> CommandExit.Status {
        guard let receiver = SimulatorLink.makeReceiver(linkedFrom: link) else { return .failure }
        let simulator = UBloxSimulator(receiver: receiver, generation: generation)
        exitCleanlyOnInterrupt { receiver.unplug() }
        print(receiver.devicePath + (link.map { " (link: \($0))" } ?? ""))
        let module = simulator.identity.module ?? "u-blox"
        printError("gps: simulating a u-blox \(module) (\(generation == .legacy ? "legacy CFG messages" : "configuration keys")); "
            + "try `gps info \(link?.description ?? receiver.devicePath)`. Ctrl-C to stop.")
        fflush(nil)
        await simulator.run()
        return .success
    }
}
