import FoundationEssentials
import Glibc
import GPSCommandLine
import GPSD
import GPSReader
import POSIXSupport
import SerialPort
import TimeService

/// `gps serve`: a gpsd-protocol server for receivers (each one given, or every one discovery
/// finds), or for a capture played in a loop, until Ctrl-C (SIGINT) or SIGTERM, which close
/// the devices, disconnect every client and exit 0; a DEVICE that is not a serial device, or
/// is a console, ends it with status 1. With a control socket, `gpsdctl` adds and removes
/// receivers while it runs.
enum Serve {
    static func run(_ source: ServeSource, listen: HostAndPort, control: FilePath?, time: TimeOutputs = .none) async -> CommandExit.Status {
        // Watched before anything is bound or opened: a signal meanwhile still closes each.
        let interruptible = InterruptibleRun()
        let address = GPSDAddress(host: listen.host, port: listen.port)
        let capture: CaptureArgument?
        if case .replay(let file, _) = source {
            guard let readable = CaptureArgument(file) else { return .failure }
            capture = readable
        } else {
            capture = nil
        }
        let server: GPSDServer
        do throws(GPSDError) {
            // As gpsd does, the default listens on IPv6 loopback too, where the system has it.
            let also = listen == .gpsdDefault ? [GPSDAddress.loopbackIPv6] : []
            server = try GPSDServer(address: address, alsoListenOn: also, devices: [], log: { printError($0) })
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        let status = await serve(
            source, capture: capture, on: server, address: address, control: control, time: time, interruptible: interruptible)
        await server.stop()
        return status
    }

    /// Serves `source` on `server` until Ctrl-C; the control socket, if any, stopped before it returns.
    private static func serve(
        _ source: ServeSource, capture: CaptureArgument?, on server: GPSDServer, address: GPSDAddress, control: FilePath?,
        time: TimeOutputs, interruptible: InterruptibleRun
    ) async -> CommandExit.Status {
        let listening = server.addresses.map(\.description).joined(separator: " and ")
        let reach = address.isLoopback ? "" : " (reachable from other machines)"
        switch source {
        case .replay(_, let rate):
            guard let capture else { return .failure }
            printError("gps: serving \(capture.name) on \(listening)\(reach); Ctrl-C to stop")
            return await interruptible.run {
                await replay(CaptureReplay(capture.capture, pace: .realTime(speedup: rate)), named: capture.name, to: server)
            }
        case .devices(let paths, let baudRate):
            // The receiver given with --chrony or --shm is a time source (a SHM unit that cannot
            // be attached ends the command now, and one that cannot later is said while chrony's
            // output goes on); every other one is whenever a chronyd makes gpsd's default socket
            // for it, before or after gps starts. Each run makes its own sink.
            if let unit = time.sharedMemoryUnit {
                do throws(TimeServiceError) {
                    _ = try SharedMemoryRefclock(unit: unit)
                } catch {
                    printError("gps: \(error)")
                    return .failure
                }
            }
            let timeSource = paths.first?.description
            let receivers = ServedReceivers(server: server, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:))) { path in
                (path == timeSource ? time : TimeOutputs.none).sink(forDevice: path)
            }
            let controlSocket: GPSDControlSocket?
            do throws(GPSDError) {
                controlSocket = try control.map { path throws(GPSDError) in try ControlCommands.socket(at: path, for: receivers) }
            } catch {
                printError("gps: \(error)")
                return .failure
            }
            let found = paths.isEmpty ? discoveredReceivers() : paths
            for path in found { try? receivers.add(path) }
            if found.isEmpty, control == nil { receivers.addDiscovered() }
            let names = found.isEmpty
                ? (control == nil ? "the receiver discovery finds" : "no receiver yet") : found.map(\.description).joined(separator: ", ")
            printError("gps: serving \(names) on \(listening)\(reach)"
                + (control.map { "; control socket \($0) (gpsdctl add/remove)" } ?? "") + "; Ctrl-C to stop")
            let status = await interruptible.run {
                await receivers.serveUntilCancelled() ? .failure : .success
            }
            await controlSocket?.stop()
            return status
        }
    }

    /// The receivers discovery finds now: known GPS receivers and the bridges they are built on.
    private static func discoveredReceivers() -> [FilePath] {
        SerialPort.availableDevices().filter { $0.knownReceiver != nil }.map { FilePath($0.preferredPath) }
    }

    /// Plays `capture` again and again into the served device's sinks until cancelled.
    private static func replay(_ capture: CaptureReplay, named file: String, to server: GPSDServer) async -> CommandExit.Status {
        repeat {
            let content = CaptureContent()
            let (served, problems) = ServedDevice.sinks(for: file, server: server)
            var sinks = ReceiverSinks(served + [content])
            await capture.run(into: &sinks)
            // A capture without an epoch would be replayed in a spin with nothing to serve.
            if !Task.isCancelled, !problems.hasFailed, !content.hasEpoch {
                printError(content.hasFrame
                    ? "gps: \(file) holds no epoch (no sentence with a time): nothing to serve"
                    : CaptureContent.noSentences(in: file))
                return .failure
            }
            if problems.hasFailed { return .failure }
        } while !Task.isCancelled
        return .success
    }
}
