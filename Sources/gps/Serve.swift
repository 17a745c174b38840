import Foundation
import GPSCommandLine
import GPSD
import GPSReader
import SerialPort

/// `gps serve`: a gpsd-protocol server for a receiver, or for a capture played in a loop,
/// until Ctrl-C (SIGINT) or SIGTERM, which close the device, disconnect every client and exit 0.
enum Serve {
    static func run(_ source: ServeSource, listen: HostAndPort) async -> CommandExit.Status {
        let address = GPSDAddress(host: listen.host, port: listen.port)
        let receiver: any ReceiverSource = switch source {
        case .device(let device, let baudRate):
            DeviceConnection(device.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:)))
        case .replay(let file, let rate):
            CaptureReplay(.file(file), pace: .realTime(speedup: rate))
        }
        let server: GPSDServer
        do throws(GPSDError) {
            server = try GPSDServer(
                address: address, device: GPSDDevice(path: receiver.name, activated: Date()),
                log: { printError($0) })
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        printError("gps: serving \(receiver.name) on \(server.address)"
            + (address.isLoopback ? "" : " (reachable from other machines)") + "; Ctrl-C to stop")
        let isReplay = if case .replay = source { true } else { false }
        let status = await runUntilInterrupted {
            let problems = ProblemLines(source: receiver.name, waitsForAccess: true)
            var sinks = ReceiverSinks([GPSDServerSink(server), problems])
            // A capture is played again and again; a device is read until stopped.
            repeat {
                await receiver.run(into: &sinks)
            } while isReplay && !Task.isCancelled && !problems.hasFailed
            return problems.hasFailed && isReplay ? .failure : .success
        }
        server.stop()
        return status
    }
}
