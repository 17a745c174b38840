import FoundationEssentials
import Glibc
import GPSCommandLine
import GPSD
import GPSReader
import SerialPort
import TimeService

/// `gps serve`: a gpsd-protocol server for a receiver, or for a capture played in a loop,
/// until Ctrl-C (SIGINT) or SIGTERM, which close the device, disconnect every client and exit 0.
enum Serve {
    static func run(_ source: ServeSource, listen: HostAndPort, time: TimeOutputs = .none) async -> CommandExit.Status {
        let address = GPSDAddress(host: listen.host, port: listen.port)
        let receiver: any ReceiverSource = switch source {
        case .device(let device, let baudRate):
            DeviceConnection(device.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:)))
        case .replay(let file, let rate):
            CaptureReplay(.file(file), pace: .realTime(speedup: rate))
        }
        if case .replay(let file, _) = source, !FileManager.default.isReadableFile(atPath: file) {
            printError("gps: \(GPSReaderError.captureUnreadable(path: file))")
            return .failure
        }
        // What DEVICES names, fixed for the server's life: the device given or found now, else
        // gpsd's customary link.
        let devicePath = switch source {
        case .device(let device?, _): device
        case .device(nil, _): NMEALocationProvider.likelyReceiver()?.preferredPath ?? "/dev/gps"
        case .replay(let file, _): file
        }
        let timeSink: TimeSink?
        do throws(TimeServiceError) {
            timeSink = if case .device = source { try time.sink(forDevice: devicePath) } else { nil }
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        let server: GPSDServer
        do throws(GPSDError) {
            server = try GPSDServer(
                address: address, device: GPSDDevice(path: devicePath, activated: Date()),
                log: { printError($0) })
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        printError("gps: serving \(devicePath) on \(server.address)"
            + (address.isLoopback ? "" : " (reachable from other machines)") + "; Ctrl-C to stop")
        let isReplay = if case .replay = source { true } else { false }
        let status = await runUntilInterrupted {
            let problems = ProblemLines(source: devicePath, waitsForAccess: true)
            let server = GPSDServerSink(server)
            // A capture is played again and again; a device is read until stopped.
            repeat {
                let content = CaptureContent()
                var sinks = ReceiverSinks([server, problems, content] + (timeSink.map { [$0] } ?? []))
                await receiver.run(into: &sinks)
                // A capture without an epoch would be replayed in a spin with nothing to serve.
                if isReplay, !Task.isCancelled, !problems.hasFailed, !content.hasEpoch {
                    printError(content.hasSentence
                        ? "gps: \(devicePath) holds no epoch (no sentence with a time): nothing to serve"
                        : CaptureContent.noSentences(in: devicePath))
                    return .failure
                }
            } while isReplay && !Task.isCancelled && !problems.hasFailed
            return problems.hasFailed && isReplay ? .failure : .success
        }
        server.stop()
        return status
    }
}
