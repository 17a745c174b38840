import Foundation
import GPSCommandLine
import GPSD

/// `gps serve`: a gpsd-protocol server for a receiver, or for a capture played in a loop,
/// until Ctrl-C (SIGINT) or SIGTERM, which close the device, disconnect every client and exit 0.
enum Serve {
    static func run(_ source: ServeSource, listen: HostAndPort) async -> CommandExit.Status {
        let address = GPSDAddress(host: listen.host, port: listen.port)
        let devicePath = switch source {
        case .device(let device, let baudRate): ReceiverReader(device: device, baudRate: baudRate).path
        case .replay(let file, _): file
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
        let announcement = "gps: serving \(devicePath) on \(server.address)"
            + (address.isLoopback ? "" : " (reachable from other machines)") + "; Ctrl-C to stop"
        switch source {
        case .device(let device, let baudRate):
            let reader = ReceiverReader(device: device, baudRate: baudRate)
            let feeding = Task { await feed(server, from: reader) }
            stopOnInterrupt { feeding.cancel() }
            printError(announcement)
            await feeding.value
            server.stop()
            return .success
        case .replay(let file, let rate):
            // The bytes only: a `Data` kept beside them would hold the capture twice while serving.
            guard let bytes = FileManager.default.contents(atPath: file).map([UInt8].init) else {
                printError("gps: cannot read \(file)")
                server.stop()
                return .failure
            }
            exitCleanlyOnInterrupt { server.stop() }
            printError(announcement)
            await feed(server, replaying: CapturePlayer(bytes: bytes, rate: rate, device: file))
        }
    }

    /// Publishes the receiver's sentences and epochs until the task is cancelled, then closes
    /// the device.
    private static func feed(_ server: GPSDServer, from reader: ReceiverReader) async {
        var stream: ReportStream?
        _ = await reader.run(opened: { path in stream = ReportStream(device: path) }) { chunk in
            chunk.withUnsafeBytes { bytes in
                stream?.append(bytes, sentence: { server.publishSentence(Array(($0.text + "\r\n").utf8)) }) { report in
                    publish(report, to: server)
                }
            }
        } quiet: {
            stream?.endEpoch { publish($0, to: server) }
        }
    }

    /// Plays the capture again and again on a thread of its own, which may block while it waits.
    private static func feed(_ server: GPSDServer, replaying player: CapturePlayer) async -> Never {
        let thread = Thread {
            while true {
                player.play(sentence: { server.publishSentence($0) }) { publish($0, to: server) }
            }
        }
        thread.start()
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }

    private static func publish(_ report: ReportStream.Report, to server: GPSDServer) {
        switch report {
        case .tpv(let tpv): server.publish(tpv)
        case .sky(let sky): server.publish(sky)
        }
    }
}
